// Stylesheets are bundled by Vite; importing them only has a side effect.
declare module '*.css' {}

// The part of Vite's import.meta.env the app reads (statically replaced at build time).
interface ImportMetaEnv {
  readonly DEV?: boolean
  /** The app's base URL ('/' unless built for a sub-folder). */
  readonly BASE_URL?: string
  readonly VITE_API_URL?: string
  readonly VITE_IMAGE_HOST_URL?: string
  readonly VITE_WS_URL?: string
  readonly VITE_XMPP_DOMAIN?: string
  readonly VITE_GOOGLE_CLIENT_ID?: string
  readonly VITE_ANALYTICS_URL?: string
  readonly VITE_CARD_VAULT_URL?: string
  readonly VITE_DEV_SIGN_IN?: string
}

interface ImportMeta {
  /** Present under Vite; absent when the built package runs elsewhere. */
  readonly env?: ImportMetaEnv
}
