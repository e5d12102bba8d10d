import type { Meta, StoryObj } from '@storybook/react-vite'
import { BottomTabs, BREAKPOINTS, CardsIcon, contrastRatio, MessagesIcon, MIN_TEXT_CONTRAST, THEME_CSS_VARIABLES } from '@vchat/ui'
import { expect, waitFor, within } from 'storybook/test'
import { BRAND_THEMES } from '../.storybook/themes'
import type { BrandId } from '../.storybook/themes'

/**
 * Checks of the brand and viewport toolbars. The story tests run once per brand, so the brand
 * check below runs against all three themes; each viewport story pins one breakpoint.
 */
function ToolbarSample() {
  return (
    <BottomTabs
      label="Main"
      items={[
        { key: 'match', label: 'Match', href: '#match', icon: <CardsIcon />, active: true },
        { key: 'messages', label: 'Messages', href: '#message', icon: <MessagesIcon />, active: false },
      ]}
    />
  )
}

const meta = {
  title: 'Storybook/Toolbars',
  component: ToolbarSample,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ToolbarSample>

export default meta
type Story = StoryObj<typeof meta>

/** The brand toolbar writes the chosen brand's theme tokens onto the document. */
export const BrandTheme: Story = {
  play: async ({ globals }) => {
    const { theme } = BRAND_THEMES[globals.brand as BrandId]
    const root = getComputedStyle(document.documentElement)
    expect(root.getPropertyValue(THEME_CSS_VARIABLES.background).trim()).toBe(theme.background)
    expect(root.getPropertyValue(THEME_CSS_VARIABLES.buttonColor).trim()).toBe(theme.buttonColor)
    expect(root.getPropertyValue(THEME_CSS_VARIABLES.radius).trim()).toBe(theme.radius)
  },
}

/**
 * The light scheme (Theme toolbar, the app's dark-mode setting off) takes the brand's accent for light
 * pages, 4.5:1 on the light background and surface, and the focus ring follows it: neither keeps the
 * dark theme's accent, which is set on the document root.
 */
export const LightSchemeAccent: Story = {
  globals: { colorScheme: 'light' },
  play: async ({ globals }) => {
    const { theme } = BRAND_THEMES[globals.brand as BrandId]
    expect(theme.primaryOnLight).toMatch(/^#/)
    const accent = theme.primaryOnLight ?? ''
    const page = getComputedStyle(document.body)
    expect(page.getPropertyValue('--vc-color-primary').trim()).toBe(accent)
    expect(page.getPropertyValue('--vc-focus-ring').trim()).toBe(accent)
    for (const background of ['--vc-color-bg', '--vc-color-surface']) {
      expect(contrastRatio(accent, page.getPropertyValue(background).trim())).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    }
  },
}

function viewportStory(value: 'xs' | 'md' | 'xl' | '2xl', width: number, tabsPosition: string): Story {
  return {
    globals: { viewport: { value, isRotated: false } },
    play: async ({ canvasElement }) => {
      await waitFor(() => expect(window.innerWidth).toBe(width))
      const nav = within(canvasElement).getByRole('navigation', { name: 'Main' })
      // Below md the tabs are a fixed bar at the bottom; from md the page places them itself.
      expect(getComputedStyle(nav).position).toBe(tabsPosition)
    },
  }
}

export const ViewportXs = viewportStory('xs', 375, 'fixed')
export const ViewportMd = viewportStory('md', BREAKPOINTS.md, 'static')
export const ViewportXl = viewportStory('xl', BREAKPOINTS.xl, 'static')
export const Viewport2xl = viewportStory('2xl', BREAKPOINTS['2xl'], 'static')
