// The tasks feature's public entry: other features import from here ('../tasks'), never from its modules
// (lint rule vchat/feature-boundary). It exports only what other features use.
export { selectHasClaimableTask } from './tasksSlice'
