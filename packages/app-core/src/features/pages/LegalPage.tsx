import { useTranslation } from 'react-i18next'
import { CookieChoice } from './CookieChoice'

export type LegalPageKind = 'privacy' | 'terms' | 'cookies'
export const LEGAL_PAGES: readonly LegalPageKind[] = ['privacy', 'terms', 'cookies']

/**
 * The static pages (privacy policy, terms of service, cookies privacy): headed sections of plain text
 * (their long texts live in the lazily loaded `account` namespace, titles in `app` for the landing
 * page's footer links), plus a link to the full document when the website config has one. The cookies
 * page ends with the cookie choice itself, so a visitor can change it where it is explained.
 */
export function LegalPage({ kind, fullUrl }: { kind: LegalPageKind; fullUrl?: string | undefined }) {
  const { t } = useTranslation('app')
  const { t: ta } = useTranslation('account')
  const sections = ta(`legal.${kind}.sections`, { returnObjects: true }) as unknown
  const list = sections !== null && typeof sections === 'object' ? (Object.values(sections) as { title: string; body: string }[]) : []
  return (
    <article className="vc-legal" aria-labelledby={`legal-${kind}`}>
      <h2 id={`legal-${kind}`} className="vc-legal__title">
        {t(`pages.${kind}.title`)}
      </h2>
      <p className="vc-legal__updated">{ta('legal.updated')}</p>
      {list.map((section) => (
        <section key={section.title}>
          <h3>{section.title}</h3>
          <p>{section.body}</p>
        </section>
      ))}
      {kind === 'cookies' ? <CookieChoice /> : null}
      {fullUrl ? (
        <p>
          <a href={fullUrl} target="_blank" rel="noopener noreferrer">
            {ta('legal.fullDocument')}
          </a>
        </p>
      ) : null}
    </article>
  )
}
