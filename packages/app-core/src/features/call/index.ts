// The call feature's public entry: other features import from here ('../call'), never from its modules
// (lint rule vchat/feature-boundary). It exports only what other features use.
export { formatDuration } from './formatDuration'
export type { HubTransportLike } from './hubSignalling'
export { SilverCallAction } from './SilverCallAction'
