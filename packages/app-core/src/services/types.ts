import type { ApiClient, ComponentInfo, PublicHostsRequest, PublicHostsResponse } from '@vchat/api-client'
import type { ChatMessage, HubTransport, LastActivity, ReadOptions } from '@vchat/xmpp-chat'
import type { BrandConfig } from '../brand/brandConfig'
import type { CardVaultService } from './cardVault'
import type { ChatApiMethod } from '../features/chat/chatApi'
import type { CallRuntime, CallRuntimeOptions } from '../features/call/callRuntime'
import type { VideoCallRecord } from '../features/call/callRecorder'
import type { HubTransportLike } from '../features/call/hubSignalling'
import type { DiscoverApiMethod } from '../features/discover/discoverApi'
import type { CallRecordApiMethod } from '../features/callrecord/callRecordApi'
import type { CallApiMethod } from '../features/call/callApi'
import type { WalletApiMethod } from '../features/wallet/walletApi'
import type { UsersApiMethod } from '../features/users/usersApi'

/** A call as the device keeps it; defined beside the recorder that writes it. */
export type { VideoCallRecord }

/**
 * Endpoints a build talks to. Each field overrides the brand's production URL; development and local
 * builds set them to same-origin paths that the Vite proxy forwards to the local stack.
 */
export interface AppEnv {
  /** Product API base URL, e.g. `/` (same origin) or `https://api.example.com`. */
  apiBaseUrl?: string | undefined
  /** Image host base URL (`/upload`, `/files/...`). */
  imageHostUrl?: string | undefined
  /** Messaging websocket URL; a path such as `/xmpp-websocket` is resolved against the page origin. */
  websocketUrl?: string | undefined
  /** XMPP domain of user jids. */
  xmppDomain?: string | undefined
  /** Google OAuth client id override; an empty string disables Google sign-in. */
  googleClientId?: string | undefined
  /** Analytics receiver base URL override (e.g. `/dev/analytics` locally); an empty string turns analytics off. */
  analyticsUrl?: string | undefined
  /** Offer the development sign-in (`dev:<uid>`, local dev-server only) where Google is not configured. */
  devSignIn?: boolean | undefined
  /** The payment provider's card vault override (locally `/dev/payment/provider`, the payment simulator). */
  cardVaultUrl?: string | undefined
}

/** The endpoints after applying the env to the brand defaults. */
export interface ResolvedEndpoints {
  apiBaseUrl: string
  imageHostUrl: string
  websocketUrl: string
  xmppDomain: string
  /** Analytics receiver base URL; '' when the brand has none (analytics off). */
  analyticsUrl: string
  /** The payment provider's card vault (card data goes there, never to the product API). */
  cardVaultUrl: string
}

/** SPEC §3 main user. `uid` is the part after the underscore of the jid's local part. */
export interface MainUser {
  uid: string
  jid: string
  vcToken: string
  /** Default 2 (SPEC §3). */
  role: number
  nickName: string
  name: string
  /** When the vcToken stops being accepted (ms since epoch), if the server said. */
  vcTokenExpiresAt?: number | undefined
}

/** The product API surface the app uses (a subset of `ApiClient`, so fakes stay small). */
export type ProductApiService = Pick<
  ApiClient,
  'userPwdLogin' | 'login' | 'logout' | 'getAccount' | 'getConfig' | 'getMaintenanceStatus' | 'cancel' | 'cancelAll'
  | DiscoverApiMethod
  | ChatApiMethod
  | WalletApiMethod
  | CallRecordApiMethod
  | CallApiMethod
  | UsersApiMethod
  | 'getUserTasksInfo' | 'completeUserTask' | 'setCheckInNotification' | 'claimCheckInReward' | 'getPersonalInfo' | 'updatePersonalInfo' | 'getUserSupport' | 'getWebsiteConfig' | 'uploadImage'
>

/**
 * What a visitor's page asks before any login: the public host wall (api-client `fetchPublicHosts`, a
 * plain GET), answered without the product client so the landing page does not download it.
 */
export interface PublicApi {
  getPublicHosts(request: PublicHostsRequest, options?: { signal?: AbortSignal }): Promise<PublicHostsResponse>
}

/** Every server call of the app: the product API (loaded with its first call) and the public one. */
export type ApiService = ProductApiService & PublicApi

export interface ChatCredentials {
  uid: string
  jid: string
  vcToken: string
  /** Called whenever the session needs a password again (stream resume logs in again). */
  getToken: () => string | null
  componentInfo: ComponentInfo | null
}

export interface ChatProfile {
  nickName: string
  name: string
}

/** Messaging connection state (SPEC §4: connecting, connected, failed; idle and disconnected are resting states). */
export type ChatConnectionState = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'failed'

/**
 * A stored chat message: the contract's entity (SPEC §3), as @vchat/xmpp-chat and @vchat/chat-db keep
 * it (`unlocked`: see `ChatService.markImageUnlocked`). The app's name for it.
 */
export type ChatMessageRecord = ChatMessage

/** One row of the thread list. */
export interface ChatThreadSummary {
  tid: string
  /** Bare jid of the other party. */
  peerJid: string
  peerUid: string
  nickName: string
  unread: number
  /** The local official conversation (id 1.5, tid localOfficial). */
  official: boolean
  lastMessage: ChatMessageRecord | null
}

/** What the composer sends. */
export interface ChatOutgoing {
  /** The message's id when the caller chose it: a send repeated with it goes out once. */
  mid?: string
  to: string
  content: string
  type?: number
  attachment?: unknown
}

export type ChatEvent =
  /**
   * A new message from the server, stored. `archived`: read from the server archive (a new device's
   * history, catch-up after a gap): possibly old, possibly the user's own from another device; it
   * takes its place by date and raises no notice.
   */
  | { kind: 'message'; message: ChatMessageRecord; archived?: boolean }
  /** An incoming message of the active thread, reported on arrival before it is stored (shown at once; `message` follows). */
  | { kind: 'arriving'; message: ChatMessageRecord }
  | { kind: 'update'; message: ChatMessageRecord }
  | { kind: 'state'; state: ChatConnectionState }
  | { kind: 'notice'; from: string; content: string }
  /** The thread's unread count changed without a new message (read on another device, learned from the archive). */
  | { kind: 'unread'; tid: string; unread: number }
  /** The peer (bare jid) started or stopped typing to this user (XEP-0085). */
  | { kind: 'typing'; from: string; typing: boolean }

/** A gift bought with gems over XMPP (GiftBuy to gift.<domain>). */
export interface ChatGiftPurchase {
  /** The jid the gift is for. */
  to: string
  gift: string
  price: number
  /** The ask-gift message this purchase answers: it is marked sent once the gift is bought. */
  askGiftMid?: string
}

/**
 * Why a gift purchase failed. The message is always SPEC §8's 'xmpp send iq error'; `gemsInsufficient`
 * is set when the gift component said the gems do not cover the price.
 */
export type ChatGiftError = Error & { gemsInsufficient?: boolean }

/**
 * Messaging. The facade is loaded with the app; the real service (session + messenger + chat-db) is
 * loaded with dynamic import by `login()` (see `createLazyChat`). Before login, reads answer empty
 * and sends reject with 'need login'.
 */
export interface ChatService {
  login(credentials: ChatCredentials): Promise<void>
  logout(): Promise<void>
  /** The signed-in user's own profile (vCard), or null when unavailable. */
  fetchProfile(jid: string): Promise<ChatProfile | null>
  /**
   * When the peer was last connected, as the messaging server tells it (it obeys both accounts'
   * lastSeen settings). Never rejects: not signed in or no answer is `unknown`.
   */
  lastActivity(jid: string): Promise<LastActivity>
  readonly state: ChatConnectionState
  /** The jid the last login was for (set as soon as it starts), null before login and after logout. */
  readonly jid: string | null
  /** Messages, updates, connection states and notices. Returns an unsubscribe function. */
  subscribe(listener: (event: ChatEvent) => void): () => void
  listThreads(): Promise<ChatThreadSummary[]>
  /** The last `limit` messages of a thread, oldest first. */
  loadThread(tid: string, limit?: number): Promise<ChatMessageRecord[]>
  /** Up to `limit` messages of a thread older than `before` (the oldest one shown), oldest first; [] at the start. */
  loadOlder(tid: string, before: { date: number; mid: string }, limit?: number): Promise<ChatMessageRecord[]>
  /** Stores the message (state sending) and sends it when connected; survives reloads (outbox). */
  send(message: ChatOutgoing): Promise<ChatMessageRecord>
  /** An `error` message back into the outbox. */
  retry(mid: string): Promise<void>
  /**
   * Buys a gift with gems (GiftBuy); resolves with the buyer's gems afterwards when the server says.
   * Rejects with a `ChatGiftError` ('xmpp send iq error').
   */
  buyGift(purchase: ChatGiftPurchase): Promise<{ gemsBalance: number | undefined }>
  /**
   * Incoming messages of the active thread are stored read; the peer is told (XEP-0333) unless
   * `tellPeer` is false: the user's read-receipt setting.
   */
  setActiveThread(tid: string | null, options?: ReadOptions): void
  /** Reads the thread's incoming messages; tells the peer unless `tellPeer` is false. */
  markThreadRead(tid: string, options?: ReadOptions): Promise<void>
  /**
   * The delete-messages schedule: removes this device's messages dated before `date` (never one still
   * waiting to be sent); answers how many. History older than it is not fetched again from the archive.
   */
  deleteMessagesBefore(date: number): Promise<number>
  /** A keystroke in the composer of the conversation with `to`: the peer sees this user typing. */
  noteTyping(to: string): void
  /** The user left the conversation with `to`: the peer stops seeing this user typing. */
  stopTyping(to: string): void
  /**
   * Marks a paid image unlocked on its stored message (chat-db `unlocked`), so it shows unlocked after
   * a reload and in other tabs; answers the stored message, or null when it is not stored (or before login).
   */
  markImageUnlocked(mid: string): Promise<ChatMessageRecord | null>
  /**
   * Call signalling to `hub.<domain>` over the same session (sendCall / onCall, raw send / onStanza).
   * Null until the messaging login has run.
   */
  readonly hubTransport: HubTransport | null
}

/** What the store hands the call runtime: the hub transport, where it reports, the call-back rule. */
export type CallRuntimeBinding = Omit<CallRuntimeOptions, 'transport' | 'media'> & { transport: HubTransportLike | null }

/** One-to-one video calls; loaded on demand (`createLazyCalls`). */
export interface CallsService {
  /** Loads the call code ahead of use; resolves when ready. */
  preload(): Promise<void>
  /** The call runtime bound to `transport` (built on first use, kept per transport); null without a transport. */
  open(binding: CallRuntimeBinding): Promise<CallRuntime | null>
  /** The runtime built by the last `open`, if any (screens read the media streams from it). */
  current(): CallRuntime | null
}


/** What the Permissions API says of the camera or the microphone, read without prompting ('unknown' where it cannot say). */
export type MediaPermissionState = 'granted' | 'denied' | 'prompt' | 'unknown'

/** The microphone's waveform, read from a Web Audio analyser. */
export interface AudioAnalyser {
  /** The latest time-domain samples (-1…1); the same buffer each time, overwritten by the next read. */
  read(): Float32Array
  /** Disconnects the analyser and closes its audio context. */
  close(): void
}

/**
 * Camera, microphone and their permissions: the browser's media devices behind an interface, so the call
 * runtime and the device check (/test) reach them through the services container and tests and stories
 * hand in a fake (`fakeMediaDevices`).
 */
export interface MediaDevicesService {
  /** Asks for the camera and/or microphone (the browser prompts when the site has no decision yet). */
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>
  /** The cameras and microphones; their names only once the site may use them. [] without media devices. */
  enumerateDevices(): Promise<MediaDeviceInfo[]>
  /** Hears a device plugged in or removed. Returns an unsubscribe function. */
  onDeviceChange(listener: () => void): () => void
  /**
   * The permission state of `name` without prompting (Permissions API), now and on every change;
   * 'unknown' where the browser cannot say. Returns an unsubscribe function.
   */
  watchPermission(name: 'camera' | 'microphone', listener: (state: MediaPermissionState) => void): () => void
  /** A level analyser over the stream's microphone, or null without Web Audio or an audio track. */
  openAnalyser(stream: MediaStream): AudioAnalyser | null
}

/**
 * Camera and microphone, loaded on first use (the landing page has none of it): `devices()` loads the
 * browser's media devices (`services/mediaDevices.ts`); tests and stories answer a fake.
 */
export interface MediaService {
  devices(): Promise<MediaDevicesService>
}

/** Local chat database; opened on demand after login. */
export interface DbService {
  open(uid: string): Promise<void>
  close(): Promise<void>
  /** Stores a finished call in `videocalls` (opens the database when needed). */
  putVideoCall(call: VideoCallRecord): Promise<void>
  /** The stored calls where `jid` is caller or callee, newest first. */
  listVideoCalls(jid: string): Promise<VideoCallRecord[]>
}

/** SPEC §4: notification permission reads as granted, denied, default or unsupported. */
export type NotificationPermissionState = 'granted' | 'denied' | 'default' | 'unsupported'

/** A foreground push message shown as an in-app notice (content is text only). */
export interface PushNoticeView {
  from: string
  type: number
  avatarUrl: string
  content: string
}

/** Push notifications; set up on demand after login. Failures are swallowed (SPEC §8). */
export interface PushService {
  /** After login: uploads the token when permission is granted (not on iOS). Never rejects. */
  register(): Promise<void>
  /** Logout: deletes the token. Never rejects. */
  unregister(): Promise<void>
  /** The browser's notification permission now. */
  permission(): NotificationPermissionState
  /** From a user gesture: asks for permission, then registers when granted. Never rejects. */
  requestPermission(): Promise<NotificationPermissionState>
  /** Foreground messages as in-app notices. Returns an unsubscribe function. */
  onNotice(handler: (notice: PushNoticeView) => void): () => void
}

/** The cookie banner's answers: everything, or only what the product needs to run. */
export type CookieConsent = 'all' | 'necessary'

/** The visitor's cookie choice (`services/consent.ts`): tracking runs only while it is `'all'`. */
export interface ConsentService {
  /** The choice, or null while the visitor has not chosen (nothing tracks then). */
  get(): CookieConsent | null
  /** Stores the choice and applies it at once (this tab and the app's other tabs). */
  set(choice: CookieConsent): void
  /** Hears every change, from this tab or another. Returns an unsubscribe function. */
  subscribe(listener: (choice: CookieConsent | null) => void): () => void
}

/**
 * The app-shell service worker (`/sw.js`: installable, starts offline). Production builds register it;
 * tests, stories and development builds get one that registers nothing.
 */
export interface ServiceWorkerService {
  /** Registers the worker; false when it is not registered (not a production build, unsupported, failed). Never rejects. */
  register(): Promise<boolean>
}

/** SPEC §4 analytics tracking status: normal (on, opted in), pause (off), stop (opted out, cleared). */
export type AnalyticsTrackingStatus = 'normal' | 'pause' | 'stop'

export interface AnalyticsService {
  track(event: string, properties?: Record<string, unknown>): void
  identify(uid: string | null): void
  /** Persisted by the client. */
  setTrackingStatus(status: AnalyticsTrackingStatus): void
}

/**
 * Device id (fingerprint) and attribution (SPEC §7 deviceInfo.androidId, adid, webUuid); loaded with
 * the first server call. Message type 100 (attribution_refresh) refreshes the attribution.
 */
export interface PlatformIdsService {
  handleMessageType(type: number): boolean
  refreshAttribution(): Promise<void>
}

/** The login request of a Google (or development) sign-in: /api/login_service/login's data. */
export interface ExternalLoginRequest {
  openId: string
  token: string
  channel: string
  credential: string
}

/** Google sign-in (Google Identity Services), loaded on first use. */
export interface GoogleAuthService {
  /** A client id is configured. */
  readonly available: boolean
  /** Popup (code flow); rejects with an Error whose `reason` says why (e.g. 'popup_closed'). */
  signIn(): Promise<ExternalLoginRequest>
  /** One Tap with FedCM; null when not shown or dismissed. Never rejects. */
  prompt(): Promise<ExternalLoginRequest | null>
  cancelPrompt(): void
}

/** Who is signed in (read by the API client on every call) and which sign-in methods exist. */
export interface AuthService {
  getUser(): MainUser | null
  /** The store binds itself here so the API client always sends the current user. */
  bindUserSource(getUser: () => MainUser | null): void
  /** Google OAuth client id, or null when Google sign-in is not configured (local development). */
  googleClientId: string | null
  /** Google sign-in; `available` false without a client id. */
  google: GoogleAuthService
  /** The development sign-in (`dev:<uid>`, local dev-server only) is offered. */
  devSignIn: boolean
}

/** redux-persist storage engine (localforage in browsers, a map in tests). */
export interface PersistEngine {
  getItem(key: string): Promise<string | null>
  setItem(key: string, value: string): Promise<unknown>
  removeItem(key: string): Promise<void>
}

/** JSON value stored under one key (SPEC §9 product storage wrapper). */
export interface KeyedStorage<T> {
  /** The stored value, or null when absent or unreadable (SPEC §8: read failure returns null). */
  get(): T | null
  set(value: T): void
  remove(): void
}

export interface StorageService {
  persistEngine: PersistEngine
  local<T>(key: string): KeyedStorage<T>
  session<T>(key: string): KeyedStorage<T>
}

export interface Clock {
  now(): number
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

export interface Logger {
  info(message: string, details?: Record<string, unknown>): void
  warn(message: string, details?: Record<string, unknown>): void
  error(message: string, details?: Record<string, unknown>): void
}

/** Every side effect the application performs, handed to the store (thunk extra argument). */
export interface Services {
  brand: BrandConfig
  endpoints: ResolvedEndpoints
  api: ApiService
  chat: ChatService
  calls: CallsService
  db: DbService
  analytics: AnalyticsService
  push: PushService
  platformIds: PlatformIdsService
  /** The cookie choice that analytics, attribution and the fingerprint wait for. */
  consent: ConsentService
  serviceWorker: ServiceWorkerService
  auth: AuthService
  /** The payment provider's card vault: card number and code in, single-use token out. */
  cardVault: CardVaultService
  /** Camera, microphone and their permissions (the call's media and the device check), loaded on first use. */
  media: MediaService
  storage: StorageService
  clock: Clock
  logger: Logger
}
