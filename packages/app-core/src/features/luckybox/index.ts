// The luckybox feature's public entry: other features import from here ('../luckybox'), never from its
// modules (lint rule vchat/feature-boundary). It exports only what other features use.
export { LuckyBoxEntry } from './LuckyBoxEntry'
