// The fake host world (hosts, lists, the discover API) used by the tests and stories of several features
// and by fakeServices, so it lives here rather than in one feature.
import type {
  AnchorInfo,
  ClubAnchorItem,
  ExclusiveAnchorItem,
  FriendsRelative,
  LuckyBoxItem,
  LuckyBoxRule,
  Gender,
  OnlineStatus,
  Page,
  PublicHost,
  RelationAction,
  RelationUser,
} from '@vchat/api-client'
import type { DiscoverApi } from '../features/discover/discoverApi'

const COUNTRIES = ['SA', 'IN', 'TR', 'FR', 'ES', 'US', 'EG', 'AE', 'GB', 'BR', 'MX', 'DE', 'XX'] as const
const LANGUAGES = ['en', 'ar', 'hi', 'tr', 'fr', 'es', 'de'] as const
const NAMES = ['Lina', 'Aisha', 'Priya', 'Elif', 'Chloé', 'Lucía', 'Mia', 'Noor', 'Sara', 'Zeynep', 'Camille', 'Ana']
const STATUSES: readonly OnlineStatus[] = ['online', 'busy', 'offline']

/** An inline SVG so stories and tests never reach a network. */
function svgImage(hue: number, label: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640"><rect width="480" height="640" fill="hsl(${hue} 60% 45%)"/><text x="240" y="330" font-size="96" text-anchor="middle" fill="white">${label}</text></svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

/** A deterministic anchor number `n` (uid 200000 + n), like the local backend's seeded ones. */
export function fakeAnchor(n: number, overrides: Partial<AnchorInfo> = {}): AnchorInfo {
  const uid = String(200000 + n)
  const name = `${NAMES[n % NAMES.length] ?? 'Host'} ${n}`
  const gender: Gender = n % 7 === 0 ? 'male' : 'female'
  return {
    uid,
    jid: `anchor_${uid}@localhost`,
    nickName: name,
    avatarUrl: svgImage((n * 37) % 360, String(n)),
    country: COUNTRIES[n % COUNTRIES.length] ?? 'US',
    language: LANGUAGES[n % LANGUAGES.length] ?? 'en',
    gender,
    birthday: `${1995 + (n % 8)}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
    privateChatPrice: 20 + (n % 6) * 20,
    onlineStatus: STATUSES[n % 3] ?? 'offline',
    photos: [svgImage((n * 37 + 40) % 360, `${n}a`), svgImage((n * 37 + 80) % 360, `${n}b`)],
    videos: [],
    about: `Hi, I am ${name}. I love music, travel and long talks.`,
    isClubAnchor: n % 4 === 0,
    ...overrides,
  }
}

/** A host as the public wall answers her (`PublicHost`: what a visitor may see). */
function fakePublicHost(n: number, overrides: Partial<PublicHost> = {}): PublicHost {
  const { uid, jid, nickName, avatarUrl, country, gender, birthday, onlineStatus } = fakeAnchor(n)
  return { uid, jid, nickName, avatarUrl, country, gender, birthday, onlineStatus, ...overrides }
}

/** The public wall's answer: `count` hosts, live ones first, as the server orders them. */
export function fakePublicHosts(count: number): PublicHost[] {
  const rank = { online: 0, busy: 1, offline: 2 } as const
  return Array.from({ length: count }, (_, index) => fakePublicHost(index + 1)).sort((a, b) => rank[a.onlineStatus] - rank[b.onlineStatus])
}

export function fakeAnchors(count: number, start = 1): AnchorInfo[] {
  return Array.from({ length: count }, (_, index) => fakeAnchor(start + index))
}

function pageOf<T>(items: readonly T[], page: number, size: number): Page<T> {
  const list = items.slice((page - 1) * size, page * size)
  return { list, page, size, total: items.length, hasMore: page * size < items.length }
}

function relationUser(anchor: AnchorInfo, since: number): RelationUser {
  return {
    uid: anchor.uid,
    jid: anchor.jid,
    nickName: anchor.nickName,
    avatarUrl: anchor.avatarUrl,
    country: anchor.country,
    gender: anchor.gender,
    onlineStatus: anchor.onlineStatus,
    since,
  }
}

export interface FakeDiscoverWorld {
  anchors: AnchorInfo[]
  /** Relations of the signed-in user, by anchor jid. */
  relations: Map<string, FriendsRelative>
  passed: Set<string>
  /** Lucky boxes opened so far: gems and when. */
  opened: Map<LuckyBoxRule, { gems: number; openedAt: number }>
  gemsBalance: number
  paid: boolean
}

/** The lucky box rules as the local backend has them (range of gems; the fake always pays the middle). */
const FAKE_LUCKY_BOXES: readonly { rule: LuckyBoxRule; minGems: number; maxGems: number }[] = [
  { rule: 'welcome', minGems: 5, maxGems: 20 },
  { rule: 'first_like', minGems: 10, maxGems: 30 },
  { rule: 'first_match', minGems: 20, maxGems: 50 },
]

/** Exclusive hosts of the fake world: every eighth (n ≡ 3 mod 8), at twice the private price. */
function fakeExclusiveAnchors(anchors: readonly AnchorInfo[]): ExclusiveAnchorItem[] {
  return anchors
    .filter((anchor) => Number(anchor.uid) % 8 === 3)
    .map((anchor) => ({ ...anchor, exclusivePrice: anchor.privateChatPrice * 2, exclusiveIntro: `Only for you: long calls with ${anchor.nickName}.` }))
}

/**
 * A small world like the local backend's seed for user 100001: anchor 3 and 10 like the user (10 is a
 * match), 4 sent a friend request, 1 is a friend, 2 a favourite.
 */
export function fakeDiscoverWorld(count = 64): FakeDiscoverWorld {
  const anchors = fakeAnchors(count)
  const relations = new Map<string, FriendsRelative>()
  const set = (n: number, patch: Partial<FriendsRelative>) => {
    const jid = `anchor_${200000 + n}@localhost`
    relations.set(jid, { targetJid: jid, liked: false, likedMe: false, friendStatus: 'none', favorite: false, ...relations.get(jid), ...patch })
  }
  set(3, { likedMe: true })
  set(10, { likedMe: true, liked: true })
  set(4, { friendStatus: 'received' })
  set(1, { friendStatus: 'friends' })
  set(2, { favorite: true })
  return { anchors, relations, passed: new Set(), opened: new Map(), gemsBalance: 500, paid: true }
}

function luckyBoxOf(world: FakeDiscoverWorld, box: (typeof FAKE_LUCKY_BOXES)[number]): LuckyBoxItem {
  const opened = world.opened.get(box.rule)
  if (opened) return { ...box, status: 'opened', gems: opened.gems, openedAt: opened.openedAt }
  const relations = [...world.relations.values()]
  const met = box.rule === 'welcome' || (box.rule === 'first_like' ? relations.some((r) => r.liked) : relations.some((r) => r.liked && r.likedMe))
  return { ...box, status: met ? 'ready' : 'locked', gems: 0, openedAt: null }
}

function relationOf(world: FakeDiscoverWorld, jid: string): FriendsRelative {
  return world.relations.get(jid) ?? { targetJid: jid, liked: false, likedMe: false, friendStatus: 'none', favorite: false }
}

function applyAction(relation: FriendsRelative, action: RelationAction): FriendsRelative {
  switch (action) {
    case 'like':
      return { ...relation, liked: true }
    case 'unlike':
      return { ...relation, liked: false }
    case 'pass':
      return relation
    case 'add_friend':
      return { ...relation, friendStatus: relation.friendStatus === 'received' ? 'friends' : relation.friendStatus === 'friends' ? 'friends' : 'sent' }
    case 'accept_friend':
      return { ...relation, friendStatus: 'friends' }
    case 'reject_friend':
    case 'remove_friend':
      return { ...relation, friendStatus: 'none' }
  }
}

/** The discover endpoints answering from an in-memory world (defaults to the seeded-like one). */
export function discoverFakeApi(world: FakeDiscoverWorld = fakeDiscoverWorld()): DiscoverApi {
  const byLanguage = (language: string | undefined) =>
    language === undefined || language === 'all' ? world.anchors : world.anchors.filter((a) => a.language === language)
  const find = (jid: string) => world.anchors.find((a) => a.jid === jid)
  const relationList = (test: (relation: FriendsRelative) => boolean) =>
    world.anchors.filter((a) => test(relationOf(world, a.jid))).map((a, index) => relationUser(a, 1_700_000_000_000 - index * 60_000))
  return {
    getHotAnchors: async ({ page, size, language }) => pageOf(byLanguage(language), page, size),
    getNewAnchors: async ({ page, size, language }) => pageOf([...byLanguage(language)].reverse(), page, size),
    getAnchorProfile: async ({ jid }) => ({ anchor: structuredClone(find(jid)) ?? null }),
    getRecommendedAnchors: async ({ page, size, language }) =>
      pageOf(byLanguage(language).filter((a) => relationOf(world, a.jid).friendStatus !== 'friends'), page, size),
    getSwipeAnchors: async ({ size }) => {
      const rest = world.anchors.filter((a) => !relationOf(world, a.jid).liked && !world.passed.has(a.jid))
      return { list: rest.slice(0, size), remaining: Math.max(0, rest.length - size) }
    },
    getClubAnchors: async ({ page, size }) => {
      const club: ClubAnchorItem[] = world.anchors.filter((a) => a.isClubAnchor).map((a) => ({ ...a, silverCallPrice: 5 + (Number(a.uid) % 3) * 5 }))
      return { status: 1, clubAnchorItem: club.slice((page - 1) * size, page * size), page, size, total: club.length, hasMore: page * size < club.length }
    },
    getStoryLine: async ({ anchorJid }) => ({
      story_id: `story_${anchorJid}_1`,
      anchorJid,
      coverUrl: find(anchorJid)?.photos[0] ?? '',
      steps: [
        { step: 1, text: 'Hey, I just finished my dance practice', delaySeconds: 0 },
        { step: 2, text: 'Do you want to see what I am doing right now?', delaySeconds: 8 },
        { step: 3, text: 'Call me, I am waiting for you', delaySeconds: 11 },
      ],
    }),
    getContactPopupInfo: async () => {
      const anchor = world.anchors.find((a) => a.onlineStatus === 'online') ?? null
      return { show: anchor !== null, anchor, greeting: 'Hi! Want to chat?', showAfterSeconds: 20 }
    },
    getMultiOnlineStatus: async ({ jids }) => ({
      statusList: jids.map((jid) => ({ jid, onlineStatus: find(jid)?.onlineStatus ?? 'offline' })),
    }),
    setAnchorOnlineNotice: async ({ anchorJid, enable }) => ({ anchorJid, enabled: enable, onlineStatus: find(anchorJid)?.onlineStatus ?? 'offline' }),
    getAnchorAccounts: async ({ targetJid }) => ({
      anchorAccountInfo: targetJid.flatMap((jid) => {
        const anchor = find(jid)
        return anchor ? [{ uid: anchor.uid, jid: anchor.jid, privateChatPrice: anchor.privateChatPrice, onlineStatus: anchor.onlineStatus }] : []
      }),
    }),
    getClubRewardRecords: async ({ page, size }) =>
      pageOf(
        [1, 2, 3].map((n) => ({ id: `r${n}`, silver: 10 * n, reason: 'club_call', anchorJid: `anchor_${200000 + n * 4}@localhost`, createdAt: 1_700_000_000_000 - n * 86_400_000 })),
        page,
        size,
      ),
    getClubCallTimes: async () => ({ availableTimes: 1, totalTimes: 3, silverCallDuration: 30, resetCountdown: 3600 }),
    changeRelation: async ({ targetJid, action }) => {
      if (action === 'pass') world.passed.add(targetJid)
      const next = applyAction(relationOf(world, targetJid), action)
      world.relations.set(targetJid, next)
      return next
    },
    getLikeList: async ({ type, page, size }) =>
      pageOf(
        relationList((r) => (type === 'like' ? r.liked : type === 'liked_me' ? r.likedMe : r.liked && r.likedMe)),
        page,
        size,
      ),
    getFriendList: async ({ type, page, size }) => pageOf(relationList((r) => r.friendStatus === type || (type === 'friends' && r.friendStatus === 'friends')), page, size),
    getFriendsRelative: async ({ targetJid }) => relationOf(world, targetJid),
    autoAddFriend: async ({ targetJid }) => {
      const next = applyAction(relationOf(world, targetJid), 'add_friend')
      world.relations.set(targetJid, next)
      return next
    },
    changeUserFavorite: async ({ targetJid, favorite }) => {
      world.relations.set(targetJid, { ...relationOf(world, targetJid), favorite })
      return { targetJid, favorite }
    },
    getFavoriteCapability: async () => ({
      enabled: true,
      limit: 100,
      count: [...world.relations.values()].filter((r) => r.favorite).length,
    }),
    queryUserFavorite: async ({ targetJid }) => ({ targetJid, favorite: relationOf(world, targetJid).favorite }),
    getFavoriteList: async ({ page, size }) => pageOf(relationList((r) => r.favorite), page, size),
    getExclusiveAnchors: async ({ page, size }) => ({ ...pageOf(fakeExclusiveAnchors(world.anchors), page, size), unlocked: world.paid }),
    getLuckyBoxInfo: async () => ({ enabled: true, boxes: FAKE_LUCKY_BOXES.map((box) => luckyBoxOf(world, box)) }),
    openLuckyBox: async ({ rule }) => {
      const definition = FAKE_LUCKY_BOXES.find((box) => box.rule === rule)
      const box = definition ? luckyBoxOf(world, definition) : undefined
      if (!definition || box?.status !== 'ready') throw new Error('the backend request error')
      const gems = Math.round((definition.minGems + definition.maxGems) / 2)
      const openedAt = 1_700_000_000_000
      world.opened.set(rule, { gems, openedAt })
      world.gemsBalance += gems
      return { box: { ...box, status: 'opened', gems, openedAt }, gems, gemsBalance: world.gemsBalance }
    },
  }
}
