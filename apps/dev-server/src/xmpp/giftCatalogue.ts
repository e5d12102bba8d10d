/**
 * The gifts the local backend sells (SPEC §3 gift entity). The gift list endpoint serves them and the
 * gift component charges a GiftBuy only for one of them at its listed price, so a client cannot pick
 * its own price.
 */
export interface CatalogueGift {
  id: string
  type: number
  gemsPrice: number
  tabId: number
  priority: number
  title: string
  isActive: boolean
  showArea: number
}

export const GIFT_CATALOGUE: readonly CatalogueGift[] = [
  { id: 'heart', type: 1, gemsPrice: 20, tabId: 1, priority: 1, title: 'Heart', isActive: true, showArea: 1 },
  { id: 'rose', type: 1, gemsPrice: 50, tabId: 1, priority: 2, title: 'Rose', isActive: true, showArea: 1 },
  { id: 'kiss', type: 1, gemsPrice: 99, tabId: 1, priority: 3, title: 'Kiss', isActive: true, showArea: 1 },
  { id: 'teddy', type: 1, gemsPrice: 199, tabId: 1, priority: 4, title: 'Teddy bear', isActive: true, showArea: 1 },
  { id: 'crown', type: 2, gemsPrice: 520, tabId: 2, priority: 5, title: 'Crown', isActive: true, showArea: 1 },
  { id: 'yacht', type: 2, gemsPrice: 1314, tabId: 2, priority: 6, title: 'Yacht', isActive: true, showArea: 1 },
  // Retired: not listed and not for sale.
  { id: 'snowman', type: 1, gemsPrice: 30, tabId: 1, priority: 7, title: 'Snowman', isActive: false, showArea: 1 },
]

/** An active gift by id, or undefined. */
export function activeGift(id: string): CatalogueGift | undefined {
  return GIFT_CATALOGUE.find((gift) => gift.id === id && gift.isActive)
}

/** Path of a gift's icon on the image host. */
export function giftIconPath(id: string): string {
  return `/files/gifts/${id}.svg`
}
