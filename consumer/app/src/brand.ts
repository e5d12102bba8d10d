import { defineBrand } from '@vchat/app-core/brand'

/**
 * The brand of this app. Its servers are loopback port 9, which browsers refuse to connect to: the app
 * starts and renders without a backend, as a visitor sees it before anything answers, and nothing it
 * asks for leaves the machine.
 */
export const brandConfig = defineBrand({
  id: 'kestrel',
  packageName: 'chat.kestrel.web',
  domain: 'kestrel.example',
  displayName: 'Kestrel',
  supportEmail: 'support@kestrel.example',
  tagline: 'Live video chat, built on the published vchat packages.',
  logos: { mark: '/logo.svg', wordmark: '/logo.svg' },
  images: { loginBackground: '/landing.svg', landingBackground: '/landing.svg' },
  theme: {
    primary: '#2dd4bf',
    buttonColor: '#0f766e',
    buttonTextColor: '#ffffff',
    background: '#04201d',
    surface: '#0b3a35',
    text: '#ecfdf9',
    radius: '10px',
    fontFamily: "system-ui, 'Noto Sans', 'Noto Sans Arabic', sans-serif",
  },
  analytics: { projectToken: '0123456789abcdef0123456789abcdef', gaMeasurementId: 'G-KESTREL01', serverUrl: '' },
  google: { clientId: '' },
  servers: {
    api: 'http://127.0.0.1:9',
    imageHost: 'http://127.0.0.1:9',
    websocket: 'ws://127.0.0.1:9/xmpp-websocket',
    xmppDomain: 'kestrel.example',
  },
  payments: { cardVault: { url: 'http://127.0.0.1:9', publishableKey: 'pk_test_kestrel0001' } },
  attribution: { appToken: '' },
  routes: { messageSetup: false, task: { auth: false }, domain: { auth: false }, club: { auth: false } },
  ab: { splitAboveUid: 0, defaultVariant: 'swipe' },
})
