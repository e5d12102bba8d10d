/**
 * The config state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { ConfigInfo } from '@vchat/api-client'

/** SPEC §3 config info (mainInfo + veegoInfo), or null before it is loaded. */
export interface ConfigState {
  info: ConfigInfo | null
}
