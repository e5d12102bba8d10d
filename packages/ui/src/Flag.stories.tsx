import type { Meta, StoryObj } from '@storybook/react-vite'
import { Flag } from './Flag'

const meta = {
  title: 'UI/Flag',
  component: Flag,
  tags: ['autodocs'],
  args: { code: 'SA', label: 'Saudi Arabia', size: 24 },
} satisfies Meta<typeof Flag>

export default meta
type Story = StoryObj<typeof meta>

export const Country: Story = {}
export const GlobalFallback: Story = { args: { code: 'GLOBAL', label: 'Other country' } }
/**
 * Where the flag pictures are served: under the site's base, as the app's `flagSrc` finds them, so the
 * static Storybook works from any folder of a host. (This package's types leave out Vite's `import.meta.env`.)
 */
const base = (import.meta as { env?: { BASE_URL?: string } }).env?.BASE_URL ?? '/'

/** The picture flag an app serves (the app's `/flags/<CODE>.svg`): the same on every system. */
export const Picture: Story = { args: { code: 'SA', label: 'Saudi Arabia', src: `${base}flags/SA.svg` } }
