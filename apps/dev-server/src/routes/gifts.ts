import { IMAGE_UNLOCK_PRICE } from '../constants.ts'
import { createLedger } from '../db/ledger.ts'
import { ok, productRoute, refuse, signedIn, type Route } from '../http/routes.ts'
import { anchorByJid } from '../world/anchors.ts'
import { privatePhotoOf, signedImageUrl } from '../world/paidImages.ts'
import { GIFT_CATALOGUE, giftIconPath } from '../xmpp/giftCatalogue.ts'


/** The path of an image-host URL (absolute on this host, or a same-origin path), or null. */
function imagePath(url: string, publicUrl: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url
  return url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : null
}

/**
 * Chat extras (our design; SPEC names the entities only): the gift list the gift panel shows (the
 * same catalogue the gift component charges) and the unlock of a paid image for gems. A paid image is
 * a host's private photo (world/paidImages.ts): an unlock answers a short-lived signed URL that shows
 * it, and unlocked_images answers fresh ones for what was unlocked before.
 */
export const giftRoutes: Route[] = [
  productRoute('getGiftList', {
    handle: ({ app }) =>
      ok({
        list: GIFT_CATALOGUE.filter((gift) => gift.isActive)
          .toSorted((a, b) => a.priority - b.priority)
          .map((gift) => ({ ...gift, iconUrl: `${app.publicUrl}${giftIconPath(gift.id)}` })),
      }),
  }),
  productRoute('unlockImage', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const anchor = anchorByJid(app.db, data.anchorJid)
      if (!anchor) return refuse('unknown anchorJid')
      const path = imagePath(data.url, app.publicUrl)
      const photo = path === null ? null : privatePhotoOf(path)
      // A host's private photo may only be sold by that host.
      if (!path || !photo || photo.uid !== anchor.uid) return refuse('url: not a private photo of this host on the image host')
      const ledger = createLedger(app.db)
      const balance = () => ledger.gemsOf({ uid: user.uid })
      const known = app.db.prepare('SELECT price FROM image_unlocks WHERE uid = ? AND path = ?').get(user.uid, path) as { price: number } | undefined
      if (known) return ok({ url: data.url, unlocked: true, reason: 'none' as const, price: known.price, gemsBalance: balance(), viewUrl: signedImageUrl(app, path) })
      // The server's price, never the client's: a client showing another price is told this one.
      const price = IMAGE_UNLOCK_PRICE
      if (data.price !== price) return ok({ url: data.url, unlocked: false, reason: 'price_changed' as const, price, gemsBalance: balance(), viewUrl: '' })
      const unlocked = ledger.transaction(() => {
        // A debit only succeeds while the balance covers the price (as GiftBuy).
        const charged = ledger.debitGems({ uid: user.uid }, price)
        if (charged) {
          app.db.prepare('INSERT INTO image_unlocks (uid, path, anchor_jid, price, at) VALUES (?, ?, ?, ?, ?)').run(user.uid, path, anchor.jid, price, app.now())
        }
        return charged
      })
      return ok({
        url: data.url,
        unlocked,
        reason: unlocked ? ('none' as const) : ('gems_insufficient' as const),
        price,
        gemsBalance: balance(),
        viewUrl: unlocked ? signedImageUrl(app, path) : '',
      })
    },
  }),
  productRoute('getUnlockedImages', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      // Read only: which of the asked URLs (as given) this user has unlocked, each with a fresh signed
      // URL to show it (the earlier one may have expired); unknown ones are not unlocked.
      const known = app.db.prepare('SELECT 1 FROM image_unlocks WHERE uid = ? AND path = ?')
      const urls: string[] = []
      const viewUrls: Record<string, string> = {}
      for (const url of data.urls) {
        const path = imagePath(url, app.publicUrl)
        if (path === null || known.get(user.uid, path) === undefined) continue
        urls.push(url)
        viewUrls[url] = signedImageUrl(app, path)
      }
      return ok({ urls, viewUrls })
    },
  }),
]
