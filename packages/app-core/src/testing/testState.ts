// Preloaded states shared by the tests and stories of several features.
import type { PreloadedAppState } from '../app/state'

/** A signed-in user for screen tests and stories (uid 100001: the 'swipe' variant). */
export const signedInAs = (uid = '100001'): PreloadedAppState => ({
  auth: { user: { uid, jid: `user_${uid}@localhost`, vcToken: 'token', role: 2, nickName: 'Demo One', name: '' } },
})
