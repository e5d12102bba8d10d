import type { SendMsgLockResponse, TranslateResponse, TriggerAutoMessageResponse } from '@vchat/api-client'
import type { ChatMessageRecord, ChatThreadSummary } from '../../services/types'
import type { ChatApi } from './chatApi'

/** Answers like the local backend: unlocked, development translator, no auto message. */
export function chatFakeApi(): ChatApi {
  return {
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
  demoMessage({ mid: 'm3', type: 2, date: BASE + 120_000, attachment: { url: '/files/photos/200001_1.svg', thumbUrl: '/files/photos/200001_1.svg', payNeed: true, payPrice: 30 } }),
  demoMessage({ mid: 'm4', type: 6, date: BASE + 180_000, attachment: { id: 's1', name: 'Wave', thumbUrl: '/files/avatars/200001.svg' } }),
  demoMessage({ mid: 'm5', type: 19, date: BASE + 240_000, attachment: { giftId: 'rose', giftPrice: 20, isSend: false } }),
  demoMessage({ mid: 'm6', type: 10, date: BASE + 300_000, attachment: { sid: 'c1', caller: ME, callee: MIA, startTime: BASE, endTime: BASE + 60_000, reason: 'hang up' } }),
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
