/** Brand look of the interface; every field becomes one `--vc-*` CSS variable. */
export type BrandTheme = {
  /** Accent colour: links, active tab, focus ring. */
  primary: string
  /**
   * The accent where the page is light (the app's light colour scheme, `data-color-scheme="light"`):
   * the same hue as `primary`, dark enough to reach 4.5:1 against the light background and surface.
   * Without it the light scheme keeps `primary`.
   */
  primaryOnLight?: string
  /** Background of primary buttons. */
  buttonColor: string
  /** Text on primary buttons; must reach 4.5:1 against `buttonColor`. */
  buttonTextColor: string
  /** Page background. */
  background: string
  /** Cards, sheets, tab bar. */
  surface: string
  /** Body text; must reach 4.5:1 against `background` and `surface`. */
  text: string
  /** Corner radius of buttons, fields and cards, e.g. `12px`. */
  radius: string
  /** CSS font-family list. */
  fontFamily: string
}

/** Maps each theme field to the CSS variable that carries it. */
export const THEME_CSS_VARIABLES = {
  primary: '--vc-color-primary',
  primaryOnLight: '--vc-color-primary-on-light',
  buttonColor: '--vc-button-bg',
  buttonTextColor: '--vc-button-text',
  background: '--vc-color-bg',
  surface: '--vc-color-surface',
  text: '--vc-color-text',
  radius: '--vc-radius',
  fontFamily: '--vc-font-family',
} as const satisfies Record<keyof BrandTheme, `--vc-${string}`>

/** The neutral theme that styles.css (styles/tokens.css) declares as its light default. */
export const DEFAULT_THEME: BrandTheme = {
  primary: '#5b3cc4',
  primaryOnLight: '#5b3cc4',
  buttonColor: '#5b3cc4',
  buttonTextColor: '#ffffff',
  background: '#ffffff',
  surface: '#f4f3f8',
  text: '#1c1b22',
  radius: '12px',
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
}

export function themeToCssVars(theme: BrandTheme): Record<string, string> {
  // A theme without a light-scheme accent keeps its accent there too.
  const complete: Required<BrandTheme> = { ...theme, primaryOnLight: theme.primaryOnLight ?? theme.primary }
  const vars: Record<string, string> = {}
  for (const key of Object.keys(THEME_CSS_VARIABLES) as (keyof BrandTheme)[]) {
    vars[THEME_CSS_VARIABLES[key]] = complete[key]
  }
  return vars
}

/** Writes the theme's variables as inline custom properties on `element` (the root by default). */
export function applyTheme(
  theme: BrandTheme,
  element: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(themeToCssVars(theme))) {
    element.style.setProperty(name, value)
  }
}

function parseHexColor(color: string): [number, number, number] {
  const hex = color.trim().replace(/^#/, '')
  const full =
    hex.length === 3 || hex.length === 4
      ? hex
          .slice(0, 3)
          .split('')
          .map((c) => c + c)
          .join('')
      : hex.slice(0, 6)
  if (!/^[0-9a-f]{6}$/i.test(full)) {
    throw new Error(`contrastRatio expects a hex colour (#rgb or #rrggbb), got "${color}"`)
  }
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number]
}

function relativeLuminance(color: string): number {
  const [r, g, b] = parseHexColor(color).map((channel) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio (1–21) of two hex colours, e.g. for brand-theme checks in tests. */
export function contrastRatio(foreground: string, background: string): number {
  const a = relativeLuminance(foreground)
  const b = relativeLuminance(background)
  const [light, dark] = a > b ? [a, b] : [b, a]
  return (light + 0.05) / (dark + 0.05)
}
