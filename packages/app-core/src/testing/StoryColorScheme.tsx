import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'
import { SETTINGS_STORAGE_KEY } from '../constants'
import { applyAppearance } from '../features/settings'
import type { StorageService } from '../services/types'
// The light palette the scheme switches to; stories of bare components never load the account shell.
import '../layout/appearance.css'

/** The app's two colour schemes: its dark-mode setting, `data-color-scheme` on the document. */
export type ColorScheme = 'dark' | 'light'

const StoryColorSchemeContext = createContext<ColorScheme | null>(null)

/**
 * Storybook's theme toolbar: a story in the app's dark or light scheme. The document gets the
 * scheme's `data-color-scheme` as the app's settings would set it (for stories of bare components),
 * and a `StoryApp` inside starts from the same dark-mode setting, so the app's own settings agree.
 */
export function StoryColorScheme({ scheme, children }: { scheme: ColorScheme; children: ReactNode }) {
  applyAppearance({ darkMode: scheme === 'dark', borderedTheme: false })
  return <StoryColorSchemeContext.Provider value={scheme}>{children}</StoryColorSchemeContext.Provider>
}

/** The toolbar's scheme around a story, or null outside Storybook's toolbar. */
export function useStoryColorScheme(): ColorScheme | null {
  return useContext(StoryColorSchemeContext)
}

/**
 * Stores the scheme as this device's dark-mode setting, where the app reads it when it starts
 * (`loadSettings`): the app then applies the scheme itself, as after a visitor's own choice.
 */
export function storeColorScheme(storage: StorageService, scheme: ColorScheme): void {
  const settings = storage.local<Record<string, unknown>>(SETTINGS_STORAGE_KEY)
  settings.set({ ...(settings.get() ?? {}), darkMode: scheme === 'dark' })
}
