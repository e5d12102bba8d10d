import type { BrandConfig } from '../brand/brandConfig'

const svg = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="${fill}"/></svg>`)}`

/** A complete, valid brand for tests and stories (route flags of the default brand). */
export const testBrand: BrandConfig = {
  id: 'test',
  packageName: 'com.example.vchat',
  domain: 'vchat.example.com',
  displayName: 'Test Chat',
  supportEmail: 'support@vchat.example.com',
  tagline: 'Live video chat for tests.',
  logos: { mark: svg('#6a48f5'), wordmark: svg('#6a48f5') },
  images: { loginBackground: svg('#0d0b1f'), landingBackground: svg('#0d0b1f') },
  theme: {
    primary: '#9a84ff',
    primaryOnLight: '#6f56cc',
    buttonColor: '#6a48f5',
    buttonTextColor: '#ffffff',
    background: '#0d0b1f',
    surface: '#1b1836',
    text: '#f3f1ff',
    radius: '14px',
    fontFamily: 'system-ui, sans-serif',
  },
  analytics: { projectToken: '0123456789abcdef0123456789abcdef', gaMeasurementId: 'G-TEST123456' },
  push: {
    firebase: {
      apiKey: 'AIzaSyTestKey',
      authDomain: 'vchat-test.firebaseapp.com',
      projectId: 'vchat-test',
      storageBucket: 'vchat-test.appspot.com',
      messagingSenderId: '123456789012',
      appId: '1:123456789012:web:abcdef0123456789',
    },
    vapidKey: 'BElr7sQbxYw0x9fQ3bqL1nVJm5ZJ6cQmW2mU5oZQ8sY7gT0dK9pQ1rS2tU3vW4xY5zA6bC7dE8fG9hI0jK1lM2nO3pQ4',
  },
  google: { clientId: '' },
  servers: {
    api: 'https://api.vchat.example.com',
    imageHost: 'https://img.vchat.example.com',
    websocket: 'wss://xmpp.vchat.example.com/xmpp-websocket',
    xmppDomain: 'vchat.example.com',
  },
  payments: { cardVault: { url: 'https://vault.vchat.example.com', publishableKey: 'pk_test_vchattest' } },
  attribution: { appToken: 'abcdef123456' },
  routes: { messageSetup: true, task: { auth: true }, domain: { auth: true }, club: { auth: true } },
  ab: { splitAboveUid: 264457000, defaultVariant: 'swipe' },
}

/** The same brand with the second/third route flags (no auth on /task, /domain, /club; no /messageSetup). */
export const testBrandWithoutAuthRoutes: BrandConfig = {
  ...testBrand,
  id: 'test-open',
  routes: { messageSetup: false, task: { auth: false }, domain: { auth: false }, club: { auth: false } },
}
