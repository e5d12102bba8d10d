import { changeLanguage, LANGUAGE_NATIVE_NAMES, SUPPORTED_LANGUAGES } from '@vchat/i18n'
import type { SupportedLanguage } from '@vchat/i18n'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AccountLoading, AccountPage } from '../../layout/AccountPage'
import '../../layout/account.css'

/** /languagesettings: the 15 interface languages, each named in its own script (SPEC §1). */
export function LanguageSettingsScreen() {
  const { t, i18n, ready } = useTranslation('account')
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  if (!ready) return <AccountLoading />
  const current = i18n.resolvedLanguage ?? i18n.language
  async function choose(language: SupportedLanguage) {
    setBusy(true)
    setFailed(false)
    try {
      await changeLanguage(i18n, language)
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <AccountPage title={t('language.title')} id="language-title" back="/personalhome">
      <fieldset className="vc-account-card vc-language-list" disabled={busy} aria-busy={busy || undefined}>
        <legend className="vc-visually-hidden">{t('language.title')}</legend>
        {SUPPORTED_LANGUAGES.map((language) => (
          <label key={language} className="vc-choice vc-choice--row">
            <input type="radio" name="language" value={language} checked={current === language} onChange={() => void choose(language)} />
            <span lang={language} dir="auto">
              {LANGUAGE_NATIVE_NAMES[language]}
            </span>
          </label>
        ))}
      </fieldset>
      {failed ? <p role="alert" className="vc-account__error">{t('language.failed')}</p> : null}
    </AccountPage>
  )
}
