import { publicHostsSchemas } from '@vchat/contract/schemas'
import type { AppContext } from '../app/context.ts'
import { ok, productRoute, refuse, signedIn, type RawResult, type Route } from '../http/routes.ts'
import { describeIssue, validate } from '../http/http.ts'
import { PUBLIC_HOSTS_LIMIT } from '@vchat/contract'
import { PUBLIC_WALL_MAX_AGE_S } from '../constants.ts'
import {
  allAnchors,
  anchorByJid,
  absoluteUrl,
  byPresence,
  paginate,
  toAnchorInfo,
  toClubAnchorItem,
  type AnchorRow,
} from '../world/anchors.ts'
import { photoPath } from '../world/images.ts'
import { hasRelation } from '../world/relations.ts'
import { localDay } from '../world/time.ts'
import { seedHash } from '../db/seedData.ts'

function filterLanguage(rows: AnchorRow[], language: string | undefined): AnchorRow[] {
  if (language === undefined || language === 'all') return rows
  const primary = language.split('-')[0]
  return rows.filter((row) => row.language === primary)
}

const GREETINGS: Record<string, string> = {
  ar: 'مرحبا! هل تريد التحدث؟',
  hi: 'नमस्ते! बात करें?',
  tr: 'Merhaba! Konuşalım mı?',
  fr: 'Salut ! On discute ?',
  es: '¡Hola! ¿Hablamos?',
  de: 'Hallo! Wollen wir reden?',
  pt: 'Oi! Vamos conversar?',
  it: 'Ciao! Parliamo?',
}

export function greetingOf(language: string): string {
  return GREETINGS[language] ?? 'Hi! Want to chat?'
}

const STORY_TEXT = [
  'Hey, I just finished my dance practice 💃',
  'Do you want to see what I am doing right now?',
  'Call me, I am waiting for you 😊',
]

export function storyLine(app: AppContext, row: AnchorRow) {
  return {
    story_id: `story_${row.uid}_1`,
    anchorJid: row.jid,
    coverUrl: absoluteUrl(app, photoPath(row.uid, 1)),
    steps: STORY_TEXT.map((text, index) => ({ step: index + 1, text, delaySeconds: index === 0 ? 0 : 5 + index * 3 })),
  }
}

/**
 * The public wall (our addition, api-client `fetchPublicHosts`): what a visitor's landing page shows
 * before any login. Live hosts first (online, then busy, then those who speak the visitor's language,
 * then by popularity), reduced to what a visitor may see: no price, gallery or videos. A GET without
 * the product envelope, so it needs no device data and a CDN may cache it for everyone.
 */
function publicWall(app: AppContext, language: string | undefined) {
  const primary = language?.split('-')[0]
  const speaks = (row: AnchorRow) => (row.language === primary ? 0 : 1)
  const rows = allAnchors(app.db)
    .sort((a, b) => byPresence(a, b) || speaks(a) - speaks(b) || b.hot_score - a.hot_score || a.uid.localeCompare(b.uid))
    .slice(0, PUBLIC_HOSTS_LIMIT)
  return {
    list: rows.map((row) => {
      const { uid, jid, nickName, avatarUrl, country, gender, birthday, onlineStatus } = toAnchorInfo(app, row)
      return { uid, jid, nickName, avatarUrl, country, gender, birthday, onlineStatus }
    }),
  }
}

const publicWallRoute: Route = {
  method: 'GET',
  path: '/api/public/live_hosts',
  handle({ app, url }): { body: RawResult } {
    const query = validate(publicHostsSchemas.request, Object.fromEntries(url.searchParams), 'query')
    const data = publicWall(app, query.language)
    if (app.checkResponses) {
      const checked = publicHostsSchemas.response.safeParse(data)
      if (!checked.success) throw new Error(`/api/public/live_hosts answered outside its contract: ${describeIssue(checked.error, 'data')}`)
    }
    return {
      body: {
        status: 200,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          // Public and the same for every visitor: a CDN or the browser may keep it briefly.
          'Cache-Control': `public, max-age=${PUBLIC_WALL_MAX_AGE_S}`,
        },
        bytes: Buffer.from(JSON.stringify(ok(data)), 'utf8'),
      },
    }
  },
}

/** One page of hosts as the lists answer them (SPEC §4 AnchorInfo). */
function anchorPage(app: AppContext, rows: AnchorRow[], request: { page: number; size: number }) {
  const page = paginate(rows, request.page, request.size)
  return { ...page, list: page.list.map((row) => toAnchorInfo(app, row)) }
}

export const anchorListRoutes: Route[] = [
  publicWallRoute,
  productRoute('getHotAnchors', {
    handle({ app, data }) {
      const rows = filterLanguage(allAnchors(app.db), data.language).sort(
        (a, b) => byPresence(a, b) || b.hot_score - a.hot_score || a.uid.localeCompare(b.uid),
      )
      return ok(anchorPage(app, rows, data))
    },
  }),
  productRoute('getNewAnchors', {
    handle({ app, data }) {
      const rows = filterLanguage(allAnchors(app.db), data.language).sort(
        (a, b) => b.joined_day - a.joined_day || a.uid.localeCompare(b.uid),
      )
      return ok(anchorPage(app, rows, data))
    },
  }),
  productRoute('getAnchorProfile', {
    handle({ app, data }) {
      const row = anchorByJid(app.db, data.jid)
      return ok({ anchor: row ? toAnchorInfo(app, row) : null })
    },
  }),
  productRoute('getSwipeAnchors', {
    handle(request) {
      const { app, data } = request
      const me = signedIn(request).jid
      const rows = allAnchors(app.db)
        .filter((row) => !hasRelation(app.db, me, row.jid, 'like') && !hasRelation(app.db, me, row.jid, 'pass'))
        .sort((a, b) => byPresence(a, b) || b.hot_score - a.hot_score || a.uid.localeCompare(b.uid))
      return ok({ list: rows.slice(0, data.size).map((row) => toAnchorInfo(app, row)), remaining: Math.max(0, rows.length - data.size) })
    },
  }),
  productRoute('getRecommendedAnchors', {
    handle(request) {
      const { app, data, envelope } = request
      const me = signedIn(request).jid
      const preferred = (envelope.deviceInfo.configLanguage || envelope.deviceInfo.localLanguage).split('-')[0]
      const rows = filterLanguage(allAnchors(app.db), data.language)
        .filter((row) => !hasRelation(app.db, me, row.jid, 'friend'))
        .sort(
          (a, b) =>
            Number(b.language === preferred) - Number(a.language === preferred) ||
            byPresence(a, b) ||
            b.hot_score - a.hot_score ||
            a.uid.localeCompare(b.uid),
        )
      return ok(anchorPage(app, rows, data))
    },
  }),
  productRoute('getClubAnchors', {
    handle({ app, data }) {
      const rows = allAnchors(app.db)
        .filter((row) => row.is_club === 1)
        .sort((a, b) => byPresence(a, b) || a.silver_call_price - b.silver_call_price || a.uid.localeCompare(b.uid))
      const page = paginate(rows, data.page, data.size)
      return ok({
        status: 1,
        clubAnchorItem: page.list.map((row) => toClubAnchorItem(app, row)),
        page: page.page,
        size: page.size,
        total: page.total,
        hasMore: page.hasMore,
      })
    },
  }),
  productRoute('getStoryLine', {
    handle({ app, data }) {
      const row = anchorByJid(app.db, data.anchorJid)
      return row ? ok(storyLine(app, row)) : refuse('unknown anchorJid')
    },
  }),
  productRoute('getContactPopupInfo', {
    handle(request) {
      const { app } = request
      const user = signedIn(request)
      // The pop-up invites a user to a host. A host signed in on the web is working, not browsing:
      // she is never shown a colleague (or herself) over her wall or, worse, over a call.
      const isHost = anchorByJid(app.db, user.jid) !== null
      const candidates = isHost ? [] : allAnchors(app.db).filter(
        (row) =>
          row.online_status === 'online' &&
          !hasRelation(app.db, user.jid, row.jid, 'friend') &&
          !hasRelation(app.db, user.jid, row.jid, 'pass'),
      )
      // A different suggestion each local day, stable within the day.
      const day = localDay(app.now(), request.dayOffsetMinutes)
      const pick = candidates.length === 0 ? undefined : candidates[seedHash(`${user.uid}:${day}`) % candidates.length]
      return ok({
        show: pick !== undefined,
        anchor: pick ? toAnchorInfo(app, pick) : null,
        greeting: pick ? greetingOf(pick.language) : '',
        showAfterSeconds: 30,
      })
    },
  }),
]
