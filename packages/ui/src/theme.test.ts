import { describe, expect, it } from 'vitest'
import { MIN_TEXT_CONTRAST } from './constants'
import { applyTheme, contrastRatio, DEFAULT_THEME, themeToCssVars } from './theme'
import type { BrandTheme } from './theme'

const theme: BrandTheme = {
  primary: '#0055aa',
  buttonColor: '#aa0044',
  buttonTextColor: '#ffffff',
  background: '#fafafa',
  surface: '#eeeeee',
  text: '#111111',
  radius: '8px',
  fontFamily: 'Inter, sans-serif',
}

describe('themeToCssVars', () => {
  it('maps every theme field to its --vc- variable', () => {
    expect(themeToCssVars(theme)).toEqual({
      '--vc-color-primary': '#0055aa',
      '--vc-color-primary-on-light': '#0055aa',
      '--vc-button-bg': '#aa0044',
      '--vc-button-text': '#ffffff',
      '--vc-color-bg': '#fafafa',
      '--vc-color-surface': '#eeeeee',
      '--vc-color-text': '#111111',
      '--vc-radius': '8px',
      '--vc-font-family': 'Inter, sans-serif',
    })
  })

  it('carries the accent for light pages when the theme has one, else its accent', () => {
    expect(themeToCssVars({ ...theme, primaryOnLight: '#003366' })['--vc-color-primary-on-light']).toBe('#003366')
    expect(themeToCssVars(theme)['--vc-color-primary-on-light']).toBe(theme.primary)
  })
})

describe('applyTheme', () => {
  it('sets the variables on the document root by default', () => {
    applyTheme(theme)
    expect(document.documentElement.style.getPropertyValue('--vc-button-bg')).toBe('#aa0044')
    expect(document.documentElement.style.getPropertyValue('--vc-radius')).toBe('8px')
  })

  it('sets the variables on a given element only', () => {
    const el = document.createElement('div')
    applyTheme({ ...theme, primary: '#123456' }, el)
    expect(el.style.getPropertyValue('--vc-color-primary')).toBe('#123456')
    expect(document.documentElement.style.getPropertyValue('--vc-color-primary')).toBe('#0055aa')
  })
})

describe('contrastRatio', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5)
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })

  it('rejects colours it cannot read', () => {
    expect(() => contrastRatio('red', '#ffffff')).toThrow(/hex colour/)
  })

  it('default theme reaches AA contrast for text and buttons', () => {
    const t = DEFAULT_THEME
    expect(contrastRatio(t.text, t.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio(t.text, t.surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio(t.buttonTextColor, t.buttonColor)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio(t.primary, t.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio(t.primary, t.surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio(t.primaryOnLight ?? '', t.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio(t.primaryOnLight ?? '', t.surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
  })

  it('dark defaults of styles.css reach AA contrast', () => {
    // Values of the prefers-color-scheme: dark block in styles/tokens.css.
    const dark = { primary: '#b9a8ff', bg: '#121118', surface: '#1f1d27', text: '#f1eff7' }
    for (const fg of [dark.primary, dark.text, dangerFor(dark.text)]) {
      expect(contrastRatio(fg, dark.bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
      expect(contrastRatio(fg, dark.surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    }
    expect(contrastRatio('#ffffff', '#c5221f')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST) // badge
  })

  it('the error colour derived from the text colour reaches AA on light and dark themes', () => {
    const light = DEFAULT_THEME
    expect(contrastRatio(dangerFor(light.text), light.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio(dangerFor(light.text), light.surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    // A dark brand theme (very dark tinted background and surface, near-white text).
    expect(contrastRatio(dangerFor('#ecfffb'), '#0f2d2a')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
  })

  it('the input outline derived from text and background reaches 3:1 (WCAG 1.4.11)', () => {
    const themes = [
      DEFAULT_THEME,
      { ...DEFAULT_THEME, background: '#121118', surface: '#1f1d27', text: '#f1eff7' }, // dark defaults
      { ...DEFAULT_THEME, background: '#061a18', surface: '#0f2d2a', text: '#ecfffb' }, // a dark brand
    ]
    for (const t of themes) {
      const border = fieldBorderFor(t.text, t.background)
      expect(contrastRatio(border, t.background)).toBeGreaterThanOrEqual(3)
      expect(contrastRatio(border, t.surface)).toBeGreaterThanOrEqual(3)
    }
  })
})

/** CSS `color-mix(in srgb, a share, b)` of two hex colours. */
function mixHex(a: string, share: number, b: string): string {
  const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
  const other = channels(b)
  const mixed = channels(a).map((c, i) => Math.round(c * share + (other[i] ?? 0) * (1 - share)))
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`
}

/** `--vc-color-danger` of styles/tokens.css: color-mix(in srgb, #d93025 65%, text). */
function dangerFor(text: string): string {
  return mixHex('#d93025', 0.65, text)
}

/** `--vc-color-field-border` of styles/tokens.css: color-mix(in srgb, text 55%, background). */
function fieldBorderFor(text: string, background: string): string {
  return mixHex(text, 0.55, background)
}
