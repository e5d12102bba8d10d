// The wallet feature's public entry: other features import from here ('../wallet'), never from its modules
// (lint rule vchat/feature-boundary). It exports only what other features use.

// CoinStorePanel is the coin store itself, for screens that import it statically (call, chat);
// LazyCoinStorePanel loads it on first open with an import() inside this feature, so a screen that may
// open it (the account door, the personal home) does not carry it.
export { CoinStorePanel } from './CoinStore'
export { LazyCoinStorePanel } from './LazyCoinStorePanel'
