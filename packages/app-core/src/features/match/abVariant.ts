import type { AbVariant } from '../../brand/brandConfig'
import { AB_SPLIT_ABOVE_UID } from '../../constants'

export interface AbDefaults {
  splitAboveUid: number
  defaultVariant: AbVariant
}

const SPEC_DEFAULTS: AbDefaults = { splitAboveUid: AB_SPLIT_ABOVE_UID, defaultVariant: 'swipe' }

/**
 * SPEC §2 A/B variant path: for uid above 264457000, even uid → 'swipe', odd → 'switch';
 * otherwise 'swipe' (the brand's default). A uid that is not a whole number gets the default.
 */
export function abVariantFor(uid: number | string, defaults: AbDefaults = SPEC_DEFAULTS): AbVariant {
  const value = typeof uid === 'number' ? uid : /^\d+$/.test(uid) ? Number(uid) : Number.NaN
  if (!Number.isSafeInteger(value) || value <= defaults.splitAboveUid) return defaults.defaultVariant
  return value % 2 === 0 ? 'swipe' : 'switch'
}
