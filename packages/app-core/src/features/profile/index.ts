// The profile feature's public entry: other features import from here ('../profile'), never from its
// modules (lint rule vchat/feature-boundary). It exports only what other features use.
export { CompleteProfilePanel } from './CompleteProfilePanel'
export {
  loadProfile,
  loadWebsiteConfig,
  saveProfile,
  selectBlockInfo,
  selectWebsite,
  selectWebsiteStatus,
  uploadAvatar,
} from './profileSlice'
export { SupportCard } from './SupportCard'
