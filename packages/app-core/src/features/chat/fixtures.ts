import type { GiftInfo, SendMsgLockResponse, TranslateResponse, TriggerAutoMessageResponse, UnlockImageResponse } from '@vchat/api-client'
import type { ChatMessageRecord, ChatThreadSummary } from '../../services/types'
import type { ChatApi } from './chatApi'

/** The local backend's gift catalogue, as the gift list answers it. */
export const demoGifts: GiftInfo[] = [
  { id: 'heart', type: 1, gemsPrice: 20, tabId: 1, priority: 1, title: 'Heart', iconUrl: '/files/gifts/heart.svg', isActive: true, showArea: 1 },
  { id: 'rose', type: 1, gemsPrice: 50, tabId: 1, priority: 2, title: 'Rose', iconUrl: '/files/gifts/rose.svg', isActive: true, showArea: 1 },
  { id: 'kiss', type: 1, gemsPrice: 99, tabId: 1, priority: 3, title: 'Kiss', iconUrl: '/files/gifts/kiss.svg', isActive: true, showArea: 1 },
  { id: 'teddy', type: 1, gemsPrice: 199, tabId: 1, priority: 4, title: 'Teddy bear', iconUrl: '/files/gifts/teddy.svg', isActive: true, showArea: 1 },
  { id: 'crown', type: 2, gemsPrice: 520, tabId: 2, priority: 5, title: 'Crown', iconUrl: '/files/gifts/crown.svg', isActive: true, showArea: 1 },
  { id: 'yacht', type: 2, gemsPrice: 1314, tabId: 2, priority: 6, title: 'Yacht', iconUrl: '/files/gifts/yacht.svg', isActive: true, showArea: 1 },
]

/** The signed URL the fake image host answers for an unlocked private photo (its query as the image host adds it). */
function demoViewUrl(url: string): string {
  return `${url}?exp=1&sig=demo`
}

/**
 * Answers like the local backend: unlocked, development translator, no auto message, the gift
 * catalogue, unlocks at 500 gems at the server's price of 30 gems an image (each image charged once;
 * another price shown is answered 'price_changed').
 */
export function chatFakeApi(): ChatApi {
  let gems = 500
  const unlocked = new Set<string>()
  const IMAGE_PRICE = 30
  return {
    getGiftList: async () => ({ list: structuredClone(demoGifts) }),
    unlockImage: async ({ url, price: shown }): Promise<UnlockImageResponse> => {
      const price = IMAGE_PRICE
      if (unlocked.has(url)) return { url, unlocked: true, reason: 'none', price, gemsBalance: gems, viewUrl: demoViewUrl(url) }
      if (shown !== price) return { url, unlocked: false, reason: 'price_changed', price, gemsBalance: gems, viewUrl: '' }
      if (gems < price) return { url, unlocked: false, reason: 'gems_insufficient', price, gemsBalance: gems, viewUrl: '' }
      gems -= price
      unlocked.add(url)
      return { url, unlocked: true, reason: 'none', price, gemsBalance: gems, viewUrl: demoViewUrl(url) }
    },
    getUnlockedImages: async ({ urls }) => {
      const kept = urls.filter((url) => unlocked.has(url))
      return { urls: kept, viewUrls: Object.fromEntries(kept.map((url) => [url, demoViewUrl(url)])) }
    },
    translate: async ({ targetLang, sourceText }): Promise<TranslateResponse> => ({ translatedText: `[${targetLang}] ${sourceText}`, targetLang, translator: 'development' }),
    getSendMsgLock: async ({ targetJid }): Promise<SendMsgLockResponse> => ({ targetJid, locked: false, reason: 'none' }),
    triggerAutoMessage: async ({ anchorJid }): Promise<TriggerAutoMessageResponse> => ({ triggered: false, anchorJid, text: '' }),
  }
}

export const ME = 'user_100001@localhost'
export const MIA = 'anchor_200001@localhost'
const BASE = Date.UTC(2026, 0, 15, 9, 0, 0)

export function demoMessage(overrides: Partial<ChatMessageRecord> & { mid: string }): ChatMessageRecord {
  return { tid: MIA, date: BASE, from: MIA, to: ME, read: true, state: 'success', type: 0, content: '', ...overrides }
}

/** A lived-in conversation with every kind of message the screens draw. */
export const demoMessages: ChatMessageRecord[] = [
  demoMessage({ mid: 'm1', content: 'Hi! How is your day going?', nickName: 'Mia', date: BASE }),
  demoMessage({ mid: 'm2', from: ME, to: MIA, content: 'Great, thanks! And yours?', date: BASE + 60_000, read: true }),
  demoMessage({ mid: 'm3', type: 2, date: BASE + 120_000, attachment: { url: '/files/private/200001_1.svg', thumbUrl: '/files/private-previews/200001_1.svg', payNeed: true, payPrice: 30 } }),
  demoMessage({ mid: 'm4', type: 6, date: BASE + 180_000, attachment: { id: 's1', name: 'Wave', thumbUrl: '/files/avatars/200001.svg' } }),
  demoMessage({ mid: 'm5', type: 19, date: BASE + 240_000, attachment: { giftId: 'heart', giftPrice: 20, isSend: false } }),
  demoMessage({ mid: 'm6', type: 10, date: BASE + 300_000, attachment: { sid: 'c1', caller: ME, callee: MIA, startTime: BASE, endTime: BASE + 60_000, reason: 'hang up' } }),
  demoMessage({ mid: 'm6b', type: 10, date: BASE + 305_000, attachment: { sid: 'c2', caller: MIA, callee: ME, startTime: 0, connectingTime: 0, endTime: BASE + 305_000, reason: 'timeOut', rejectType: '' } }),
  demoMessage({ mid: 'm6c', type: 10, date: BASE + 310_000, from: ME, to: MIA, read: false, attachment: { sid: 'c3', caller: ME, callee: MIA, startTime: 0, connectingTime: 0, endTime: BASE + 310_000, reason: 'rejected', rejectType: 'busy' } }),
  demoMessage({ mid: 'm6d', type: 16, date: BASE + 320_000, attachment: { url: '/files/videos/200001_1.mp4', thumbUrl: '/files/photos/200001_2.svg', duration: 12 } }),
  demoMessage({ mid: 'm6e', type: 22, date: BASE + 330_000, from: 'help.localhost', content: '' }),
  demoMessage({ mid: 'm6f', type: 13, date: BASE + 340_000, from: ME, to: MIA, read: false, delivered: true, attachment: { id: 'rose', type: 1, gemsPrice: 50, tabId: 1, priority: 2, title: 'Rose', iconUrl: '/files/gifts/rose.svg', isActive: true, showArea: 1 } }),
  demoMessage({ mid: 'm7', from: ME, to: MIA, content: 'Are you there?', date: BASE + 360_000, state: 'error', read: false }),
  demoMessage({ mid: 'm8', from: ME, to: MIA, content: 'Sending this now', date: BASE + 420_000, state: 'sending', read: false }),
]

export const demoThreads: ChatThreadSummary[] = [
  { tid: MIA, peerJid: MIA, peerUid: '200001', nickName: 'Mia', unread: 2, official: false, lastMessage: demoMessages[demoMessages.length - 1] ?? null },
  {
    tid: 'anchor_200002@localhost',
    peerJid: 'anchor_200002@localhost',
    peerUid: '200002',
    nickName: 'Lea',
    unread: 0,
    official: false,
    lastMessage: demoMessage({ mid: 'l1', tid: 'anchor_200002@localhost', from: 'anchor_200002@localhost', content: 'See you later', date: BASE - 3_600_000 }),
  },
  { tid: 'localOfficial', peerJid: 'help.localhost', peerUid: 'official', nickName: '', unread: 0, official: true, lastMessage: null },
]

/** The XSS corpus: payloads that must be shown as text and never run. */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1">',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">click</a>',
  '<body onload=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<video><source onerror="window.__xss=1">',
  '<audio src=x onerror=window.__xss=1>',
  '<marquee onstart=window.__xss=1>',
  '<input autofocus onfocus=window.__xss=1>',
  '<select autofocus onfocus=window.__xss=1>',
  '<textarea autofocus onfocus=window.__xss=1>',
  '<object data="javascript:window.__xss=1">',
  '<embed src="javascript:window.__xss=1">',
  '<math><mtext><img src=x onerror=window.__xss=1>',
  '<style>@import "javascript:window.__xss=1";</style>',
  '<link rel=import href="data:text/html,<script>window.__xss=1</script>">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>x</button></form>',
  '<isindex action=javascript:window.__xss=1 type=image>',
  '<div style="background:url(javascript:window.__xss=1)">',
  '{{constructor.constructor("window.__xss=1")()}}',
  '${window.__xss=1}',
  'javascript:window.__xss=1',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  '&lt;script&gt;window.__xss=1&lt;/script&gt;',
  '<img src="x" onerror="&#119;indow.__xss=1">',
  '<svg><animate onbegin=window.__xss=1 attributeName=x dur=1s>',
  '<x contenteditable onblur=window.__xss=1>lose focus</x>',
  '\u202e<script>window.__xss=1</script>',
]
