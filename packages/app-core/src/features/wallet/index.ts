export { CoinStore, CoinStorePanel, CoinTierIcon } from './CoinStore'
export { coinTier, formatPrice } from './format'
export { rechargeSucceeded } from './walletSlice'
