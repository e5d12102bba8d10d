// The account feature's public entry: other features import from here ('../account'), never from its
// modules (lint rule vchat/feature-boundary). It exports only what other features use.
export { gemsBalanceChanged, loadAccount, selectAccount, selectGemsBalance, selectIsPaidUser } from './accountSlice'
