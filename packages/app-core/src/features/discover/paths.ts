/** The wall of hosts (SPEC §2 /goddess): where "browse hosts" leads from any screen. */
export const HOST_WALL_PATH = '/goddess'
/** Where the actions of a host lead (screens of other areas). */
export const chatPath = (jid: string): string => `/message?with=${encodeURIComponent(jid)}`
/** The video call screen of a host (SPEC §2 /video/{uid}). */
export const videoCallPath = (uid: string): string => `/video/${encodeURIComponent(uid)}`
export const profilePathOf = (jid: string): string => `/anchorprofile?jid=${encodeURIComponent(jid)}`
