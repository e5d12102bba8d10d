import type { BrandConfig } from '@vchat/app-core/brand'

/**
 * The 'second' brand. Assets are referenced with `new URL(..., import.meta.url)`: Vite turns them into
 * hashed asset URLs, and on plain Node (build-time validation) they stay file URLs.
 */
export const brandConfig = {
  id: 'second',
  packageName: 'chat.vidora.web',
  domain: 'vidora.chat',
  displayName: 'Vidora',
  supportEmail: 'support@vidora.chat',
  tagline: 'Live video chat with hosts from around the world.',
  logos: {
    mark: new URL('./assets/logo-mark.svg', import.meta.url).href,
    wordmark: new URL('./assets/logo-wordmark.svg', import.meta.url).href,
  },
  images: {
    loginBackground: new URL('./assets/login-background.svg', import.meta.url).href,
    landingBackground: new URL('./assets/landing-background.svg', import.meta.url).href,
  },
  theme: {
    primary: '#9a84ff',
    primaryOnLight: '#6f56cc',
    buttonColor: '#6a48f5',
    buttonTextColor: '#ffffff',
    background: '#0d0b1f',
    surface: '#1b1836',
    text: '#f3f1ff',
    radius: '14px',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif",
  },
  analytics: {
    projectToken: '8a7cc63dece47525527b79e6100cdf24',
    gaMeasurementId: 'G-DBF581E369',
    serverUrl: 'https://analytics.vidora.chat',
  },
  push: {
    firebase: {
      apiKey: 'AIzaSybebdaf4b5d114e6e8af927a6d422342a0',
      authDomain: 'vidora-chat-web.firebaseapp.com',
      projectId: 'vidora-chat-web',
      storageBucket: 'vidora-chat-web.appspot.com',
      messagingSenderId: '731058246913',
      appId: '1:731058246913:web:7439a01b2767ca023a3e1a',
    },
    vapidKey: 'BJOB6aZ6o2F1HOqQF4wJStYTN0IWPL0U8Ua-XD7mYG1OirS92DnnxnK6puuH4G9ZstOmitBTPyoT72wMXYdpIWo',
  },
  google: {
    clientId: '731058246913-35428ac79cd24c204701234ee2b30f2a.apps.googleusercontent.com',
  },
  servers: {
    api: 'https://api.vidora.chat',
    imageHost: 'https://img.vidora.chat',
    websocket: 'wss://xmpp.vidora.chat/xmpp-websocket',
    xmppDomain: 'vidora.chat',
  },
  payments: {
    cardVault: { url: 'https://vault.vidora.chat', publishableKey: 'pk_live_cePFRk3kNMD2U6mK4UtOpqcN' },
  },
  attribution: {
    appToken: 'b71e3d90c2a4',
  },
  routes: {
    messageSetup: false,
    task: { auth: false },
    domain: { auth: false },
    club: { auth: false },
  },
  ab: {
    splitAboveUid: 264457000,
    defaultVariant: 'swipe',
  },
} satisfies BrandConfig
