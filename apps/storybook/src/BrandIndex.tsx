import type { CSSProperties } from 'react'
import { BRAND_CONFIGS, BRAND_IDS } from '../.storybook/themes'
import type { BrandId } from '../.storybook/themes'

/**
 * Where each brand's walk through Storybook starts: the screens a designer reviews first. The static
 * site's test checks that every one of them is in the built index.
 */
const BRAND_ENTRY_POINTS = [
  { label: 'Landing page', path: '/story/app-landingscreen--classic' },
  { label: 'Match', path: '/story/discover-matchscreen--full' },
  { label: 'Conversation', path: '/story/chat-messagescreen--conversation' },
  { label: 'Call', path: '/story/app-call-callscreen--full' },
  { label: 'Components: Button', path: '/docs/ui-button--docs' },
] as const

/**
 * A link that opens Storybook at `path` with the brand chosen in the toolbar. Relative to the page, and
 * into the whole window (`_top`, not the preview frame), so it works from any static host and folder.
 */
function brandLink(brand: BrandId, path: string): string {
  return `index.html?path=${path}&globals=brand:${brand}`
}

const swatchNames = ['background', 'surface', 'text', 'primary', 'primaryOnLight', 'buttonColor'] as const

/** One card per brand, in the brand's own colours: its name, logo, palette and entry points. */
export function BrandIndex() {
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      {BRAND_IDS.map((id) => {
        const brand = BRAND_CONFIGS[id]
        const { theme } = brand
        const card: CSSProperties = {
          padding: 24,
          borderRadius: theme.radius,
          border: `1px solid ${theme.text}`,
          background: theme.background,
          color: theme.text,
          fontFamily: theme.fontFamily,
        }
        return (
          <section key={id} aria-labelledby={`brand-${id}`} style={card}>
            <img src={brand.logos.wordmark} alt="" height={32} />
            <h2 id={`brand-${id}`} style={{ margin: '12px 0 4px', color: theme.text, border: 0 }}>
              {brand.displayName} <span style={{ fontWeight: 400 }}>— brand “{id}”, {brand.domain}</span>
            </h2>
            <p style={{ margin: '0 0 16px', color: theme.text }}>{brand.tagline}</p>
            <ul aria-label={`${brand.displayName} colours`} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, padding: 0, margin: '0 0 16px', listStyle: 'none' }}>
              {swatchNames.map((name) => (
                <li key={name} style={{ display: 'flex', alignItems: 'center', gap: 8, margin: 0, color: theme.text }}>
                  <span aria-hidden="true" style={{ inlineSize: 24, blockSize: 24, borderRadius: 6, border: `1px solid ${theme.text}`, background: theme[name] }} />
                  {name} {theme[name]}
                </li>
              ))}
            </ul>
            <p style={{ margin: '0 0 8px', color: theme.text }}>Open Storybook as {brand.displayName}:</p>
            <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 16, padding: 0, margin: 0, listStyle: 'none' }}>
              {BRAND_ENTRY_POINTS.map((entry) => (
                <li key={entry.path} style={{ margin: 0 }}>
                  <a href={brandLink(id, entry.path)} target="_top" style={{ color: theme.primary, fontWeight: 600 }}>
                    {entry.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
