import type { BrandConfig } from '@vchat/app-core/brand'

/**
 * The 'third' brand. Assets are referenced with `new URL(..., import.meta.url)`: Vite turns them into
 * hashed asset URLs, and on plain Node (build-time validation) they stay file URLs.
 */
export const brandConfig = {
  id: 'third',
  packageName: 'com.palmitalk.web',
  domain: 'palmitalk.com',
  displayName: 'Palmi',
  supportEmail: 'support@palmitalk.com',
  tagline: 'Warm conversations, one video call away.',
  logos: {
    mark: new URL('./assets/logo-mark.svg', import.meta.url).href,
    wordmark: new URL('./assets/logo-wordmark.svg', import.meta.url).href,
  },
  images: {
    loginBackground: new URL('./assets/login-background.svg', import.meta.url).href,
    landingBackground: new URL('./assets/landing-background.svg', import.meta.url).href,
  },
  theme: {
    primary: '#00b3a4',
    primaryOnLight: '#04776d',
    buttonColor: '#00b3a4',
    buttonTextColor: '#04211e',
    background: '#061a18',
    surface: '#0f2d2a',
    text: '#ecfffb',
    radius: '14px',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif",
  },
  analytics: {
    projectToken: '4ec1a9b410f627b952dccf26673a44c5',
    gaMeasurementId: 'G-29383A2E89',
    serverUrl: 'https://analytics.palmitalk.com',
  },
  push: {
    firebase: {
      apiKey: 'AIzaSydabb0244843b1851f7e18d2d246df0b76',
      authDomain: 'palmi-talk-web.firebaseapp.com',
      projectId: 'palmi-talk-web',
      storageBucket: 'palmi-talk-web.appspot.com',
      messagingSenderId: '260917384521',
      appId: '1:260917384521:web:e2d952c51b05a05a0dbfda',
    },
    vapidKey: 'BKqTyISt63WNeAQlsuiRn8sB_OEfvoVvgBhbR-zanuiCGIM4PBdJDeuIrgQj15ENzWXmY5665MOUOND19u1rnkA',
  },
  google: {
    clientId: '260917384521-7febe0054c174ed87da69f5538cccf7c.apps.googleusercontent.com',
  },
  servers: {
    api: 'https://api.palmitalk.com',
    imageHost: 'https://img.palmitalk.com',
    websocket: 'wss://xmpp.palmitalk.com/xmpp-websocket',
    xmppDomain: 'palmitalk.com',
  },
  payments: {
    cardVault: { url: 'https://vault.palmitalk.com', publishableKey: 'pk_live_Ov6zZURx3ne3LZTjIpdv9bLn' },
  },
  attribution: {
    appToken: 'e2c5a8f7d160',
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
