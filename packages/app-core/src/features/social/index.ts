// The social feature's public entry: other features import from here ('../social'), never from its modules
// (lint rule vchat/feature-boundary). It exports only what other features use.
export { changeRelation, loadRelation, selectRelation, selectRelationPending, selectSocialError, setFavorite } from './socialSlice'
