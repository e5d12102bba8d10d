/** Helpers shared by the dev-server's tests: a server in a temp folder, envelopes, a signed-in client. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApiClient, type ApiClient, type DeviceInfo, type EndpointName, type EnvelopeUserInfo } from '@vchat/api-client'
import { startDevServer, type DevServer } from '../index.ts'
import { TOKENS_PATH } from '../simulator/cardVault.ts'
import { createCallRecordWriter } from '../xmpp/callRecords.ts'

export const deviceInfo: DeviceInfo = {
  localLanguage: 'en',
  configLanguage: 'en',
  fingerprint: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) test',
  androidId: 'device-1',
  screenHeight: 800,
  screenWidth: 400,
  timezoneId: 'Asia/Kolkata',
  timezoneOffset: 330,
  platform: 'android',
  gaClientId: 'ga',
  deviceModel: 'Pixel 7',
  webUuid: 'uuid',
  adid: 'adid',
  fbp: 'fb.1.1',
  fbc: 'fb.1.2',
}
export const clientInfo = { channel: 'B1', pkgName: 'com.example.web', versionCode: '1.0.0', versionName: '1.0.0', host: 'localhost' }

export interface TestWorld {
  server: DevServer
  clock: { now: number }
  logs: string[]
  close(): Promise<void>
}

export async function startWorld(now = Date.UTC(2025, 5, 10, 12, 0, 0)): Promise<TestWorld> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vchat-world-'))
  const clock = { now }
  const logs: string[] = []
  const server = await startDevServer({ port: 0, dataDir, log: (l) => logs.push(l), now: () => clock.now })
  return {
    server,
    clock,
    logs,
    async close() {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface SignedInClient {
  api: ApiClient
  user: EnvelopeUserInfo
  device: DeviceInfo
}

export async function signIn(world: TestWorld, uid = '100001', device: DeviceInfo = deviceInfo): Promise<SignedInClient> {
  let user: EnvelopeUserInfo | null = null
  const state = { device }
  const api = createApiClient({
    baseURL: world.server.url,
    clientInfo,
    getDeviceInfo: () => state.device,
    getUser: () => user,
    logger: { warn: () => {}, error: () => {} },
    retries: 0,
  })
  const login = await api.userPwdLogin({ uid, passwd: 'demo1234' })
  user = { id: login.userInfo.id, jid: login.userInfo.jid, vcToken: login.userInfo.vcToken, role: login.userInfo.role }
  return {
    api,
    get user() {
      return user as EnvelopeUserInfo
    },
    get device() {
      return state.device
    },
    set device(value: DeviceInfo) {
      state.device = value
    },
  }
}

export function envelope(data: unknown, vcToken = '') {
  return { deviceInfo, clientInfo, userInfo: { id: '', jid: '', vcToken, role: 2 }, data }
}

export async function post(world: TestWorld, path: string, body: unknown, token?: string) {
  const response = await fetch(world.server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  let json: { result: number; data: unknown; msg: string } | null
  try {
    json = JSON.parse(text) as { result: number; data: unknown; msg: string }
  } catch {
    json = null
  }
  return { status: response.status, body: json }
}

/** A card as a buyer types it; the test key stands for a brand's publishable key. */
export interface TestCard {
  number: string
  expMonth?: number
  expYear?: number
  cvc?: string | null
  name?: string
}

/**
 * Sends a card to the payment provider's vault (the simulator's tokens API), as the app's card vault
 * adapter does from the browser: the token for `save_bank_card`, or the provider's refusal.
 */
export async function tokenizeAtProvider(world: TestWorld, card: TestCard): Promise<{ status: number; token: string; body: unknown }> {
  const form = new URLSearchParams({
    'card[number]': card.number,
    'card[exp_month]': String(card.expMonth ?? 12),
    'card[exp_year]': String(card.expYear ?? 2030),
    'card[name]': card.name ?? 'A B',
  })
  if (card.cvc !== null) form.set('card[cvc]', card.cvc ?? '123')
  const response = await fetch(world.server.url + TOKENS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Bearer pk_test_vchatlocal' },
    body: form.toString(),
  })
  const body = (await response.json()) as { id?: string }
  return { status: response.status, token: body.id ?? '', body }
}

/** A valid request for every endpoint that takes data (used by the contract and fuzz tests). */
export const SAMPLES: Partial<Record<EndpointName, object>> = {
  userPwdLogin: { uid: '100001', passwd: 'demo1234' },
  login: { openId: '', token: 'dev:100002', channel: 'B1', credential: '' },
  updatePersonalInfo: { nickName: 'Demo Paid', gender: 'male', birthday: '1995-04-01', country: 'IN', language: 'en', about: 'hi', email: 'demo@example.com' },
  getAnchorAccounts: { targetJid: ['anchor_200001@localhost', 'anchor_200002@localhost', 'nobody_1@localhost'] },
  translate: { targetLang: 'fr', sourceText: 'hello friend' },
  getHotAnchors: { page: 1, size: 10, language: 'all' },
  getNewAnchors: { page: 2, size: 10 },
  getSwipeAnchors: { size: 5 },
  getRecommendedAnchors: { page: 1, size: 10, language: 'ar' },
  getClubAnchors: { page: 1, size: 10 },
  getStoryLine: { anchorJid: 'anchor_200001@localhost' },
  getAnchorProfile: { jid: 'anchor_200001@localhost' },
  getMultiOnlineStatus: { jids: ['anchor_200001@localhost', 'user_100002@localhost'] },
  getUserProfiles: { jids: ['anchor_200001@localhost', 'user_100002@localhost'] },
  completeUserTask: { taskKey: 'add_friend' },
  uploadPushToken: { pushToken: 'fcm-token-0123456789abcdef:APA91b', platform: 'web' },
  setCheckInNotification: { enable: false },
  triggerAutoMessage: { anchorJid: 'anchor_200003@localhost' },
  getPayRecords: { size: 10 },
  getCallRecords: { size: 10 },
  // A connected call of user 100001 that the contract test records first (`recordConnectedCall`).
  rateCall: { sid: 'contract-call-1', stars: 4 },
  reportUser: { targetJid: 'anchor_200001@localhost', reason: 'fake', sid: 'contract-call-1' },
  getSendMsgLock: { targetJid: 'anchor_200005@localhost' },
  unlockImage: { url: '/files/private/200001_1.svg', anchorJid: 'anchor_200001@localhost', price: 30 },
  getUnlockedImages: { urls: ['/files/private/200001_1.svg'] },
  getClubRewardRecords: { page: 1, size: 10 },
  getExclusiveAnchors: { page: 1, size: 10 },
  openLuckyBox: { rule: 'welcome' },
  setAnchorOnlineNotice: { anchorJid: 'anchor_200006@localhost', enable: true },
  getPaymentChannels: { country: 'IN' },
  createOrder: { clientOrderKey: 'contract-order-1', sku: 'gems_300', country: 'IN', channelId: 'upi' },
  // A token the vault never issued: the contract test tokenizes a card first (`tokenizeAtProvider`).
  saveBankCard: { cardToken: 'tok_0000000000000000sample', keep: true },
  getPayOrderStatus: { orderId: 'ord_00000000000000000000' },
  authenticatePayment: { orderId: 'ord_00000000000000000000', cardId: 'card_0000000000000000' },
  changeRelation: { targetJid: 'anchor_200007@localhost', action: 'like' },
  getLikeList: { page: 1, size: 10, type: 'liked_me' },
  getFriendList: { page: 1, size: 10, type: 'received' },
  getFriendsRelative: { targetJid: 'anchor_200001@localhost' },
  autoAddFriend: { targetJid: 'anchor_200008@localhost' },
  changeUserFavorite: { targetJid: 'anchor_200009@localhost', favorite: true },
  queryUserFavorite: { targetJid: 'anchor_200002@localhost' },
  getFavoriteList: { page: 1, size: 10 },
}

/** A call between user 100001 and host 200001 that connected and ended, as the hub records one. */
export function recordConnectedCall(world: TestWorld, sid = 'contract-call-1'): void {
  const writer = createCallRecordWriter(world.server.db)
  const start = world.clock.now - 120_000
  writer.open({ sid, caller: 'user_100001@localhost', callee: 'anchor_200001@localhost', payer: 'user_100001@localhost', price: 60, freeKind: null, startTime: start, held: 60 })
  writer.update(sid, { state: 'ended', reason: 'hangup', connectingTime: start + 5_000, endTime: start + 65_000, minutes: 1, gemsCharged: 60, held: 0, pausedMs: 0 })
}
