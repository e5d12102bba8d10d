/** Hosts: the lists, profiles and the public wall (anchorlist_services, public/live_hosts). */
import type { AnchorInfo, Page, PageRequest } from './base.ts'

// ---- anchorlist_services --------------------------------------------------------------------

/** hot, new and recommended lists: paging plus an optional language filter ('all' or omitted = all). */
export interface AnchorListRequest extends PageRequest {
  language?: string
}

export type AnchorPage = Page<AnchorInfo>

// ---- public/live_hosts (our addition: GET, no envelope in the request, no login) -------------

/**
 * A host as a visitor may see her on the landing page: face, name, flag, age and presence; nothing
 * paid (price, photos, videos) and nothing about the viewer. Fields of `AnchorInfo`, so a card that
 * shows a host shows either.
 */
export type PublicHost = Pick<AnchorInfo, 'uid' | 'jid' | 'nickName' | 'avatarUrl' | 'country' | 'gender' | 'birthday' | 'onlineStatus'>

/** `GET /api/public/live_hosts?language=<code>`: the wall a visitor sees before signing in. */
export interface PublicHostsRequest {
  /** Interface language code: hosts speaking it first; absent = every language. */
  language?: string
}

export interface PublicHostsResponse {
  /** At most PUBLIC_HOSTS_LIMIT hosts, online first, then busy, then by popularity. */
  list: PublicHost[]
}

/**
 * One host by jid (our addition: SPEC §7 finds hosts through its lists only, so a profile link to a
 * host beyond the first pages could not open). `anchor` is null when no host has this jid.
 */
export interface AnchorProfileRequest {
  jid: string
}

export interface AnchorProfileResponse {
  anchor: AnchorInfo | null
}

/** Swipe cards: the next anchors the user has neither liked nor passed. */
export interface SwipeAnchorListRequest {
  size: number
}

export interface SwipeAnchorListResponse {
  list: AnchorInfo[]
  /** How many unswiped anchors are left after this batch. */
  remaining: number
}

export interface ClubAnchorItem extends AnchorInfo {
  /** Silver coins per minute of a club (silver) call. */
  silverCallPrice: number
}

/** SPEC §7 reads status and clubAnchorItem; status 1 = the silver club is open, 0 = closed. */
export interface ClubAnchorListResponse {
  status: number
  clubAnchorItem: ClubAnchorItem[]
  page: number
  size: number
  total: number
  hasMore: boolean
}

export interface StoryLineRequest {
  anchorJid: string
}

/** SPEC §3 story messages: story_id, step, text. */
export interface StoryStep {
  step: number
  text: string
  /** Seconds after the previous step. */
  delaySeconds: number
}

export interface StoryLine {
  story_id: string
  anchorJid: string
  coverUrl: string
  steps: StoryStep[]
}

export interface ContactPopupInfo {
  show: boolean
  /** An online anchor to suggest, null when none. */
  anchor: AnchorInfo | null
  greeting: string
  /** Seconds to wait before showing the pop-up. */
  showAfterSeconds: number
}

/**
 * The exclusive-girl page (exclusive_anchor_list, our design: SPEC §2 names the page only): hosts who
 * take exclusive one-to-one calls, open to paid users. Free users see the list locked.
 */
export interface ExclusiveAnchorItem extends AnchorInfo {
  /** Gems per minute of an exclusive call. */
  exclusivePrice: number
  /** The host's own words for the page (plain text). */
  exclusiveIntro: string
}

export interface ExclusiveAnchorListResponse extends Page<ExclusiveAnchorItem> {
  /** True for paid users: calls and chats with these hosts are open. */
  unlocked: boolean
}
