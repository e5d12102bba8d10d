export { brandConfigSchema, brandThemeSchema, defineBrand, validateBrandConfig } from './brandConfig'
export type { AbVariant, BrandConfig, BrandRouteFlags, BrandThemeConfig } from './brandConfig'
