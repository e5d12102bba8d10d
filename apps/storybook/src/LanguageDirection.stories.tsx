import type { Meta, StoryObj } from '@storybook/react-vite'
import { useTranslation } from '@vchat/i18n'
import { BackIcon, Button } from '@vchat/ui'
import { expect, waitFor, within } from 'storybook/test'

/**
 * Checks of the language toolbar's decorator: the story's language sets `lang` and `dir` on the
 * document and the strings come from that language's resources. On the docs page, where the three
 * stories sit side by side, each keeps its own language and direction (src/staticSite.test.ts).
 */
function DirectionSample() {
  const { t } = useTranslation('common')
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center', padding: 16 }}>
      <Button variant="secondary">
        <BackIcon />
        {t('back')}
      </Button>
      <p>{t('errors.generic')}</p>
    </div>
  )
}

const meta = {
  title: 'Storybook/Language direction',
  component: DirectionSample,
  tags: ['autodocs'],
} satisfies Meta<typeof DirectionSample>

export default meta
type Story = StoryObj<typeof meta>

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'))
    expect(document.documentElement.lang).toMatch(/^ar\b/)
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'رجوع' })).toBeVisible()
    // The back arrow is mirrored in right-to-left layouts.
    const icon = canvasElement.querySelector('.vc-icon--mirror-rtl')
    expect(icon).not.toBeNull()
    expect(getComputedStyle(icon as Element).transform).not.toBe('none')
  },
}

export const Hebrew: Story = {
  globals: { locale: 'he' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'))
    expect(document.documentElement.lang).toMatch(/^he\b/)
    await expect(await within(canvasElement).findByRole('button', { name: 'חזרה' })).toBeVisible()
  },
}

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'))
    expect(document.documentElement.lang).toMatch(/^en\b/)
    await expect(await within(canvasElement).findByRole('button', { name: 'Back' })).toBeVisible()
    const icon = canvasElement.querySelector('.vc-icon--mirror-rtl')
    expect(getComputedStyle(icon as Element).transform).toBe('none')
  },
}
