// The discover feature's public entry: other features import from here ('../discover'), never from its
// modules (lint rule vchat/feature-boundary). It exports only what other features use.
export { AnchorCard } from './AnchorCard'
export {
  anchorsSeen,
  discoverReducer,
  fetchAnchorList,
  loadAnchor,
  selectAnchor,
  selectAnchorList,
  selectAnchorMissing,
  selectAnchors,
  selectLookup,
  selectOnlineNotice,
  selectPresence,
  selectPresenceMap,
  setOnlineNotice,
} from './discoverSlice'
export { useMinuteClock, usePresencePolling, usePresenceSchedule } from './usePresence'
