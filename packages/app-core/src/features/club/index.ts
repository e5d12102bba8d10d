// The club feature's public entry: other features import from here ('../club'), never from its modules
// (lint rule vchat/feature-boundary). It exports only what other features use.
export {
  checkClubCallTimes,
  checkOfferCallTimes,
  findSilverPrice,
  selectCallTimesCheck,
  selectClubCallTimes,
  selectSilverOffer,
  silverCallGuideLeft,
  silverOfferLeft,
} from './clubSlice'
