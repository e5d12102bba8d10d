import { lazy } from 'react'
import type { ComponentType, ReactNode } from 'react'
import type { ScreenKey } from '../../routes/routeTable'

// Each account screen is its own chunk.
const loaders = {
  task: () => import('../tasks/TaskScreen').then((m) => ({ default: m.TaskScreen })),
  settings: () => import('../settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen })),
  languageSettings: () => import('../settings/LanguageSettingsScreen').then((m) => ({ default: m.LanguageSettingsScreen })),
  deleteMessageSettings: () => import('../settings/DeleteMessageSettingsScreen').then((m) => ({ default: m.DeleteMessageSettingsScreen })),
  messageSetup: () => import('../settings/MessageSetupScreen').then((m) => ({ default: m.MessageSetupScreen })),
  personalHome: () => import('../profile/PersonalHomeScreen').then((m) => ({ default: m.PersonalHomeScreen })),
  editProfile: () => import('../profile/EditProfileScreen').then((m) => ({ default: m.EditProfileScreen })),
  download: () => import('./DownloadScreen').then((m) => ({ default: m.DownloadScreen })),
  domain: () => import('./DomainScreen').then((m) => ({ default: m.DomainScreen })),
} satisfies Partial<Record<ScreenKey, () => Promise<{ default: () => ReactNode }>>>

type AccountScreenKey = keyof typeof loaders

function isAccountScreen(screen: ScreenKey): screen is AccountScreenKey {
  return Object.hasOwn(loaders, screen)
}

const components = Object.fromEntries(Object.entries(loaders).map(([key, load]) => [key, lazy(load)])) as unknown as Record<AccountScreenKey, ComponentType>

/** The element of an account screen, or null for screens of other areas. */
export function accountScreen(screen: ScreenKey): ReactNode | null {
  if (!isAccountScreen(screen)) return null
  const Screen = components[screen]
  return <Screen />
}

/** Starts loading an account screen's chunk; false for screens of other areas. */
export function preloadAccountScreen(screen: ScreenKey): boolean {
  if (!isAccountScreen(screen)) return false
  loaders[screen]().catch(() => undefined)
  return true
}
