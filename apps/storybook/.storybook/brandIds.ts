/** The brands the toolbar offers and the story tests run for (one Vitest project each). */
export const BRAND_IDS = ['default', 'second', 'third'] as const
export type BrandId = (typeof BRAND_IDS)[number]
