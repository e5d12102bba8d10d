// The config feature's public entry: other features import from here ('../config'), never from its modules
// (lint rule vchat/feature-boundary). It exports only what other features use.
export { loadConfig, selectConfig } from './configSlice'
