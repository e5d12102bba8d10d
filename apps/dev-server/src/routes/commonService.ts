import { SILVER_CALL_DURATION_S } from '../constants.ts'
import { ok, productRoute, refuse, signedIn, type Route } from '../http/routes.ts'
import { anchorByJid, onlineStatusOf, paginate, userBrief } from '../world/anchors.ts'
import { expireOrders, payRecord, type OrderRow } from '../world/payments.ts'
import { addRelation, hasRelation, removeRelation } from '../world/relations.ts'
import { claimTask, taskInfo } from '../world/tasks.ts'
import { localDay, secondsToNextDay } from '../world/time.ts'
import { clubCallsPerDay } from './account.ts'
import { greetingOf, storyLine } from './anchorlist.ts'
import { autoRepliesOf } from '../xmpp/autoReplyRuntime.ts'
import { componentInfo } from './common.ts'
import { silverCallsLeft } from '../xmpp/callRecords.ts'

export const commonServiceRoutes: Route[] = [
  productRoute('getMultiOnlineStatus', {
    handle: ({ app, data }) => ok({ statusList: data.jids.map((jid) => ({ jid, onlineStatus: onlineStatusOf(app, jid) })) }),
  }),
  productRoute('getUserProfiles', {
    handle: ({ app, data }) => ok({ users: [...new Set(data.jids)].flatMap((jid) => userBrief(app, jid) ?? []) }),
  }),
  productRoute('getUserTasksInfo', {
    handle(request) {
      const user = signedIn(request)
      return ok(
        taskInfo(request.app.db, user.uid, user.jid, {
          now: request.app.now(),
          offsetMinutes: request.dayOffsetMinutes,
        }),
      )
    },
  }),
  productRoute('completeUserTask', {
    handle(request) {
      const user = signedIn(request)
      const result = claimTask(request.app.db, user.uid, user.jid, request.data.taskKey, {
        now: request.app.now(),
        offsetMinutes: request.dayOffsetMinutes,
      })
      return typeof result === 'string' ? refuse(result) : ok(result)
    },
  }),
  productRoute('setCheckInNotification', {
    handle(request) {
      const user = signedIn(request)
      request.app.db
        .prepare('INSERT INTO profiles (uid, remind_check_in) VALUES (?, ?) ON CONFLICT(uid) DO UPDATE SET remind_check_in = excluded.remind_check_in')
        .run(user.uid, request.data.enable ? 1 : 0)
      return ok({ isRemindCheckIn: request.data.enable })
    },
  }),
  productRoute('triggerAutoMessage', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const anchor = anchorByJid(app.db, data.anchorJid)
      if (!anchor) return refuse('unknown anchorJid')
      const day = localDay(app.now(), request.dayOffsetMinutes)
      const text = greetingOf(anchor.language)
      // One greeting per anchor and user per local day; the messaging side reads auto_messages.
      const inserted = app.db
        .prepare('INSERT OR IGNORE INTO auto_messages (uid, anchor_jid, day, text, at) VALUES (?, ?, ?, ?, ?)')
        .run(user.uid, anchor.jid, day, text, app.now()).changes
      const triggered = Number(inserted) === 1
      // The anchor says it over messaging too (development: seeded anchors answer by themselves).
      if (triggered) autoRepliesOf(app)?.greet(user.jid, anchor.jid, text, storyLine(app, anchor))
      return ok({ triggered, anchorJid: anchor.jid, text })
    },
  }),
  productRoute('getPayRecords', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      expireOrders(app.db, app.now())
      // The cursor is the rowid of the last record of the previous page (newest first).
      const before = data.cursor === undefined ? Number.MAX_SAFE_INTEGER : Number(data.cursor)
      const rows = app.db
        .prepare('SELECT rowid AS rid, * FROM orders WHERE uid = ? AND rowid < ? ORDER BY rowid DESC LIMIT ?')
        .all(user.uid, before, data.size + 1) as unknown as (OrderRow & { rid: number })[]
      const list = rows.slice(0, data.size)
      const last = list.at(-1)
      return ok({ list: list.map(payRecord), nextCursor: rows.length > data.size && last ? String(last.rid) : null })
    },
  }),
  productRoute('getSendMsgLock', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const toAnchor = anchorByJid(app.db, data.targetJid) !== null
      const locked = toAnchor && user.paid !== 1 && !hasRelation(app.db, user.jid, data.targetJid, 'friend')
      return ok({ targetJid: data.targetJid, locked, reason: locked ? ('free_user' as const) : ('none' as const) })
    },
  }),
  productRoute('getUserSupport', {
    handle: ({ app }) =>
      ok({
        supportJid: `support@${componentInfo(app.domain).helpDomain}`,
        supportEmail: 'support@vchat.localhost',
        faqUrl: `${app.publicUrl}/files/pages/faq.html`,
        workingHours: '09:00–21:00 UTC',
      }),
  }),
  productRoute('getClubRewardRecords', {
    handle(request) {
      const { app, data } = request
      const rows = app.db
        .prepare('SELECT id, silver, reason, anchor_jid, created_at FROM club_rewards WHERE uid = ? ORDER BY created_at DESC, id DESC')
        .all(signedIn(request).uid) as unknown as { id: number; silver: number; reason: string; anchor_jid: string; created_at: number }[]
      const page = paginate(rows, data.page, data.size)
      return ok({
        ...page,
        list: page.list.map((r) => ({ id: String(r.id), silver: r.silver, reason: r.reason, anchorJid: r.anchor_jid, createdAt: r.created_at })),
      })
    },
  }),
  productRoute('getClubCallTimes', {
    handle(request) {
      const user = signedIn(request)
      const total = clubCallsPerDay(user)
      return ok({
        // What the hub still lets through today (silver calls answered since local midnight count).
        availableTimes: silverCallsLeft(request.app.db, user, request.app.now(), request.dayOffsetMinutes),
        totalTimes: total,
        silverCallDuration: SILVER_CALL_DURATION_S,
        resetCountdown: secondsToNextDay(request.app.now(), request.dayOffsetMinutes),
      })
    },
  }),
  productRoute('setAnchorOnlineNotice', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const anchor = anchorByJid(app.db, data.anchorJid)
      if (!anchor) return refuse('unknown anchorJid')
      if (data.enable) addRelation(app.db, user.jid, anchor.jid, 'online_notice', app.now())
      else removeRelation(app.db, user.jid, anchor.jid, 'online_notice')
      return ok({ anchorJid: anchor.jid, enabled: data.enable, onlineStatus: anchor.online_status })
    },
  }),
]
