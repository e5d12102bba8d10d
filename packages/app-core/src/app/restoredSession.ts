import { loadAccount } from '../features/account/accountSlice'
import { syncAccountSettings } from '../features/settings/settingsSlice'
import type { AppStore } from './store'

/**
 * A session restored from storage shows what was stored. The account (gems, paid) may have changed
 * since the page that stored it — another device, a purchase or a reward whose write that page did not
 * finish before it went — so it is asked again once, as a login does, with the account's settings
 * (changed on another device meanwhile). Nothing happens for a visitor.
 */
export function refreshRestoredSession(store: AppStore): void {
  if (!store.getState().auth.user) return
  void store.dispatch(loadAccount())
  void store.dispatch(syncAccountSettings())
}
