import type { ExclusiveAnchorItem } from '@vchat/contract'
import { seedHash } from '../db/seedData.ts'
import type { AppContext } from '../app/context.ts'
import { ok, productRoute, signedIn, type Route } from '../http/routes.ts'
import { allAnchors, byPresence, paginate, toAnchorInfo, type AnchorRow } from '../world/anchors.ts'

/**
 * The exclusive-girl page's hosts (our design: SPEC §2 names the page only). Seeded: every eighth host
 * (uid ≡ 3 mod 8, eight of the 64), at twice her private price, with an introduction of her own.
 */
function isExclusiveAnchor(uid: string): boolean {
  return Number(uid) % 8 === 3
}

const INTROS = [
  'Only for you: long calls, no rush, my full attention.',
  'I keep my evenings for a few people. Want to be one of them?',
  'Private talks, real stories, a little dancing if you ask nicely.',
  'I love slow conversations and good music. Call me when you have time.',
]

function toExclusiveItem(app: AppContext, row: AnchorRow): ExclusiveAnchorItem {
  return {
    ...toAnchorInfo(app, row),
    exclusivePrice: row.private_chat_price * 2,
    exclusiveIntro: INTROS[seedHash(`exclusive:${row.uid}`) % INTROS.length] ?? INTROS[0] ?? '',
  }
}

export const exclusiveRoutes: Route[] = [
  productRoute('getExclusiveAnchors', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const rows = allAnchors(app.db)
        .filter((row) => isExclusiveAnchor(row.uid))
        .sort((a, b) => byPresence(a, b) || b.hot_score - a.hot_score || a.uid.localeCompare(b.uid))
      const page = paginate(rows, data.page, data.size)
      return ok({ ...page, list: page.list.map((row) => toExclusiveItem(app, row)), unlocked: user.paid === 1 })
    },
  }),
]
