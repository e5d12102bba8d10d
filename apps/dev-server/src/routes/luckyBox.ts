import type { LuckyBoxInfo, LuckyBoxItem, LuckyBoxRule } from '@vchat/contract'
import type { DatabaseSync } from 'node:sqlite'
import { createLedger } from '../db/ledger.ts'
import { seedHash } from '../db/seedData.ts'
import type { UserRow } from '../db/users.ts'
import type { AppContext } from '../app/context.ts'
import { ok, productRoute, refuse, signedIn, type Route } from '../http/routes.ts'
import { relationList } from '../world/relations.ts'
import { mainInfo } from './account.ts'

interface LuckyBoxDefinition {
  rule: LuckyBoxRule
  minGems: number
  maxGems: number
  /** Whether the user has met the rule. */
  met(db: DatabaseSync, user: UserRow): boolean
}

/**
 * The lucky box rules (our design: SPEC names the box, its switch and its reward panel only). Each pays
 * once per user, an amount drawn from its range; the draw is a hash of user and rule, so a user's box
 * always holds the same amount (reproducible in tests) while users see different ones.
 */
export const LUCKY_BOXES: readonly LuckyBoxDefinition[] = [
  { rule: 'welcome', minGems: 5, maxGems: 20, met: () => true },
  { rule: 'first_like', minGems: 10, maxGems: 30, met: (db, user) => relationList(db, user.jid, 'like').length > 0 },
  { rule: 'first_match', minGems: 20, maxGems: 50, met: (db, user) => relationList(db, user.jid, 'match').length > 0 },
]

/** Openings are kept with the task claims (key `lucky_box.<rule>`, period 0): the primary key makes each one-off. */
const claimKey = (rule: LuckyBoxRule) => `lucky_box.${rule}`

/** The gems a box of this user holds. */
export function luckyBoxGems(uid: string, box: Pick<LuckyBoxDefinition, 'rule' | 'minGems' | 'maxGems'>): number {
  return box.minGems + (seedHash(`lucky:${uid}:${box.rule}`) % (box.maxGems - box.minGems + 1))
}

function boxState(db: DatabaseSync, user: UserRow, box: LuckyBoxDefinition): LuckyBoxItem {
  const claim = db.prepare('SELECT coins, at FROM task_claims WHERE uid = ? AND task_key = ? AND period = 0').get(user.uid, claimKey(box.rule)) as
    | { coins: number; at: number }
    | undefined
  const base = { rule: box.rule, minGems: box.minGems, maxGems: box.maxGems }
  if (claim) return { ...base, status: 'opened', gems: claim.coins, openedAt: claim.at }
  return { ...base, status: box.met(db, user) ? 'ready' : 'locked', gems: 0, openedAt: null }
}

function enabledFor(app: AppContext, user: UserRow): boolean {
  return mainInfo(app.db, user, app.domain).commonConfig.enableLuckyBox
}

function luckyBoxInfo(app: AppContext, user: UserRow): LuckyBoxInfo {
  const enabled = enabledFor(app, user)
  return { enabled, boxes: enabled ? LUCKY_BOXES.map((box) => boxState(app.db, user, box)) : [] }
}

export const luckyBoxRoutes: Route[] = [
  productRoute('getLuckyBoxInfo', {
    handle: (request) => ok(luckyBoxInfo(request.app, signedIn(request))),
  }),
  productRoute('openLuckyBox', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      if (!enabledFor(app, user)) return refuse('the lucky box is switched off')
      const box = LUCKY_BOXES.find((item) => item.rule === data.rule)
      if (!box) return refuse(`unknown rule ${data.rule}`)
      const ledger = createLedger(app.db)
      const result = ledger.transaction(() => {
        const state = boxState(app.db, user, box)
        if (state.status === 'opened') return 'lucky box already opened'
        if (state.status === 'locked') return 'lucky box still locked'
        const gems = luckyBoxGems(user.uid, box)
        const at = app.now()
        app.db.prepare('INSERT INTO task_claims (uid, task_key, period, coins, at) VALUES (?, ?, 0, ?, ?)').run(user.uid, claimKey(box.rule), gems, at)
        ledger.creditGems({ uid: user.uid }, gems)
        const gemsBalance = ledger.gemsOf({ uid: user.uid })
        return { box: { ...state, status: 'opened' as const, gems, openedAt: at }, gems, gemsBalance }
      })
      return typeof result === 'string' ? refuse(result) : ok(result)
    },
  }),
]
