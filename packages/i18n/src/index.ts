export {
  CURRENT_LANGUAGE_KEY,
  DEFAULT_LANGUAGE,
  DEFAULT_NAMESPACE,
  INTL_LOCALES,
  LANGUAGE_NATIVE_NAMES,
  NAMESPACES,
  START_NAMESPACES,
  RTL_LANGUAGES,
  SUPPORTED_LANGUAGES,
} from './constants'
export type { Namespace, SupportedLanguage } from './constants'
export { directionOf, intlLocaleOf, isRtl, isSupportedLanguage, primarySubtag } from './languages'
export type { TextDirection } from './languages'
export { browserLanguages, browserStorage, detectLanguage, saveLanguage } from './detect'
export type { DetectLanguageInput, LanguageStorage } from './detect'
export { LOCALE_LOADERS, loadLocale } from './locales'
export type { LocaleResource } from './locales'
export { applyDocumentLanguage, changeLanguage, createI18n } from './createI18n'
export type { ChangeLanguageOptions, CreateI18nOptions, DocumentLike, I18n, LoadNamespace } from './createI18n'
// Re-exported so apps and stories bind to the same react-i18next copy as the instance.
export { I18nextProvider, Trans, useTranslation } from 'react-i18next'
