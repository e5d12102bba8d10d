// Every feature slice in the store, so tests and stories can preload any of them.
import './injectAllSlices'

export {
  demoAccount,
  demoConfig,
  demoLoginResponse,
  fakeApi,
  fakeChat,
  fakeServices,
  manualClock,
  memoryPersistEngine,
  memoryStorage,
  silentLogger,
} from './fakeServices'
export type { FakeServicesOptions } from './fakeServices'
export { createTestI18n, renderApp } from './renderApp'
export { preloadLazyModules } from './lazyModules'
export type { RenderAppOptions, RenderedApp } from './renderApp'
export { testBrand, testBrandWithoutAuthRoutes } from './testBrand'
export { StoryApp } from './StoryApp'
export { StoryColorScheme } from './StoryColorScheme'
export type { ColorScheme } from './StoryColorScheme'
export { fakeChatService } from './fakeChat'
export { fakeMediaDevices } from './fakeMedia'
export type { FakeMediaAnswer, FakeMediaDevices, FakeMediaOptions, FakeTrack } from './fakeMedia'
export type { FakeChat, FakeChatOptions } from './fakeChat'
export type { StoryAppProps } from './StoryApp'
