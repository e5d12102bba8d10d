// Paths of screens that screens of other areas link to. Shared by many features, so they live with
// the routes rather than inside one feature.
/** The wall of hosts (SPEC §2 /goddess): where "browse hosts" leads from any screen. */
export const HOST_WALL_PATH = '/goddess'
/** The camera and microphone check (SPEC §2 /test): linked from settings, and where /videoview leads with no call. */
export const DEVICE_CHECK_PATH = '/test'
/** Where the actions of a host lead (screens of other areas). */
export const chatPath = (jid: string): string => `/message?with=${encodeURIComponent(jid)}`
/**
 * The video call screen of host `uid` (SPEC §2 /video/{uid}). `via: 'match'`: the call comes from a match, where a paying user's
 * free call (SPEC §3 paid-user free call, with its MatchToFlash notice) is offered.
 */
export const videoCallPath = (uid: string, via?: 'match'): string => `/video/${encodeURIComponent(uid)}${via ? `?via=${via}` : ''}`
export const profilePathOf = (jid: string): string => `/anchorprofile?jid=${encodeURIComponent(jid)}`
