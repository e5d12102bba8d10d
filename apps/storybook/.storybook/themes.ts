import type { BrandConfig } from '@vchat/app-core/brand'
import { brandConfig as defaultBrand } from '@vchat/brand-default'
import { brandConfig as secondBrand } from '@vchat/brand-second'
import { brandConfig as thirdBrand } from '@vchat/brand-third'
import type { BrandTheme } from '@vchat/ui'

import type { BrandId } from './brandIds'

export { BRAND_IDS } from './brandIds'
export type { BrandId } from './brandIds'

/** Each brand's configuration, from its brand package. */
export const BRAND_CONFIGS: Record<BrandId, BrandConfig> = { default: defaultBrand, second: secondBrand, third: thirdBrand }

/** Each brand's toolbar title and theme (`brandConfig.theme`). */
export const BRAND_THEMES: Record<BrandId, { title: string; theme: BrandTheme }> = {
  default: { title: `Default (${defaultBrand.displayName})`, theme: defaultBrand.theme },
  second: { title: `Second (${secondBrand.displayName})`, theme: secondBrand.theme },
  third: { title: `Third (${thirdBrand.displayName})`, theme: thirdBrand.theme },
}
