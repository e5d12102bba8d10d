import type { BrandConfig } from '@vchat/app-core/brand'

/**
 * The 'default' brand. Assets are referenced with `new URL(..., import.meta.url)`: Vite turns them into
 * hashed asset URLs, and on plain Node (build-time validation) they stay file URLs.
 */
export const brandConfig = {
  id: 'default',
  packageName: 'app.lumolive.web',
  domain: 'lumolive.app',
  displayName: 'Lumo Live',
  supportEmail: 'support@lumolive.app',
  tagline: 'Meet new people face to face, live.',
  logos: {
    mark: new URL('./assets/logo-mark.svg', import.meta.url).href,
    wordmark: new URL('./assets/logo-wordmark.svg', import.meta.url).href,
  },
  images: {
    loginBackground: new URL('./assets/login-background.svg', import.meta.url).href,
    landingBackground: new URL('./assets/landing-background.svg', import.meta.url).href,
  },
  theme: {
    primary: '#ff3d71',
    primaryOnLight: '#d30152',
    buttonColor: '#d6245a',
    buttonTextColor: '#ffffff',
    background: '#14090f',
    surface: '#26141d',
    text: '#fff4f7',
    radius: '14px',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif",
  },
  analytics: {
    projectToken: 'b8309c09947053ba4580c79f3dd3899d',
    gaMeasurementId: 'G-4F76F3DBED',
    serverUrl: 'https://analytics.lumolive.app',
  },
  push: {
    firebase: {
      apiKey: 'AIzaSyb484328757eed1b95fc18ffa02232240b',
      authDomain: 'lumo-live-web.firebaseapp.com',
      projectId: 'lumo-live-web',
      storageBucket: 'lumo-live-web.appspot.com',
      messagingSenderId: '482913570264',
      appId: '1:482913570264:web:25ef6ef6bbb88697bf3c2c',
    },
    vapidKey: 'BBYlzbddJdn2mf0nefRAlbbjIHZ_YG8JXrftq1WB6eNEGtuw1iiDL33EV0p3o4KXPOIpEbfk3yqdLGk4JrvRJbw',
  },
  google: {
    clientId: '482913570264-e8befd29247815ac5b5ee5129c2cd6be.apps.googleusercontent.com',
  },
  servers: {
    api: 'https://api.lumolive.app',
    imageHost: 'https://img.lumolive.app',
    websocket: 'wss://xmpp.lumolive.app/xmpp-websocket',
    xmppDomain: 'lumolive.app',
  },
  payments: {
    cardVault: { url: 'https://vault.lumolive.app', publishableKey: 'pk_live_HSqmXJ5Xs5giyV2bMnU5wxY8' },
  },
  attribution: {
    appToken: '4f9a2c81e0d3',
  },
  routes: {
    messageSetup: true,
    task: { auth: true },
    domain: { auth: true },
    club: { auth: true },
  },
  ab: {
    splitAboveUid: 264457000,
    defaultVariant: 'swipe',
  },
} satisfies BrandConfig
