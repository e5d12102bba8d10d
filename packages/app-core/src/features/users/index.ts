// The users feature's public entry: other features import from here ('../users'), never from its modules
// (lint rule vchat/feature-boundary). It exports only what other features use.
export { usePeople, usePerson } from './usePerson'
export { selectUser } from './usersSlice'
