import type { Settings } from './settingsSlice'

/** The element whose data attributes select the look (the document root in the browser). */
export interface AppearanceTarget {
  dataset: DOMStringMap
}

/**
 * Applies dark mode and the bordered theme: `data-color-scheme` (dark | light) and `data-bordered`
 * (true | false) on the root element; `layout/appearance.css` maps them to the colour and border tokens.
 */
export function applyAppearance(settings: Pick<Settings, 'darkMode' | 'borderedTheme'>, target: AppearanceTarget | null = defaultTarget()): void {
  if (!target) return
  target.dataset.colorScheme = settings.darkMode ? 'dark' : 'light'
  target.dataset.bordered = settings.borderedTheme ? 'true' : 'false'
}

function defaultTarget(): AppearanceTarget | null {
  return typeof document === 'undefined' ? null : document.documentElement
}
