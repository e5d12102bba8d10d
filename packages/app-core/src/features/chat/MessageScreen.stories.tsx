import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeChatService } from '../../testing/fakeChat'
import { demoLoginResponse, fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { ME, MIA, XSS_PAYLOADS, demoMessage, demoMessages, demoThreads } from './fixtures'
import { MessageScreen } from './MessageScreen'

const signedIn = {
  auth: { user: { uid: '100001', jid: ME, vcToken: 'token-100001', role: 2, nickName: '', name: '' }, componentInfo: demoLoginResponse.componentInfo },
  account: { paid: true, gemsBalance: 500 },
}
const freeUser = { ...signedIn, account: { paid: false, gemsBalance: 0 } }

// Module-level so each story keeps one store and one fake across re-renders.
const full = fakeServices({ chat: fakeChatService({ threads: demoThreads, messages: demoMessages }) })
const conversation = fakeServices({ chat: fakeChatService({ threads: demoThreads, messages: demoMessages }) })
const loading = fakeServices({ chat: fakeChatService({ hangReads: true }) })
const failing = fakeServices({ chat: fakeChatService({ failReads: true }) })
const empty = fakeServices({ chat: fakeChatService({ threads: [], messages: [] }) })
const reconnecting = fakeServices({ chat: fakeChatService({ threads: demoThreads, messages: demoMessages, state: 'failed' }) })
const locked = fakeServices({
  chat: fakeChatService({ threads: demoThreads, messages: demoMessages }),
  api: { getSendMsgLock: async ({ targetJid }) => ({ targetJid, locked: true, reason: 'free_user' }) },
})
const xssMessages = XSS_PAYLOADS.map((content, i) => demoMessage({ mid: `x${i}`, content, date: 1_700_000_000_000 + i }))
const xss = fakeServices({
  chat: fakeChatService({ threads: [{ ...demoThreads[0]!, nickName: '<img src=x onerror=alert(1)>', lastMessage: xssMessages.at(-1) ?? null }], messages: xssMessages }),
})

/** /message: the thread list (virtualised) and the conversation, with a fake messaging service. */
const meta = {
  title: 'Chat/MessageScreen',
  component: MessageScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/message" services={full} preloadedState={signedIn} />,
} satisfies Meta<typeof MessageScreen>

export default meta
type Story = StoryObj<typeof meta>

/** Conversations newest first, unread counts, the official conversation; the messages tab shows the total. */
export const Full: Story = {}

/** Reading the local database. */
export const Loading: Story = { render: () => <StoryApp path="/message" services={loading} preloadedState={signedIn} /> }

/** The local database could not be read: a retry. */
export const Error: Story = { render: () => <StoryApp path="/message" services={failing} preloadedState={signedIn} /> }

/** No conversations yet. */
export const Empty: Story = { render: () => <StoryApp path="/message" services={empty} preloadedState={signedIn} /> }

/** An open conversation: text, a locked paid image, a sticker, an ask-gift card, a call record, sent/read, sending and a failed message with Retry. */
export const Conversation: Story = {
  render: () => <StoryApp path={`/message?with=${encodeURIComponent(MIA)}`} services={conversation} preloadedState={signedIn} />,
}

/** Messaging is offline: typed messages wait in the outbox. */
export const Offline: Story = {
  render: () => <StoryApp path={`/message?with=${encodeURIComponent(MIA)}`} services={reconnecting} preloadedState={signedIn} />,
}

/** send_msg_lock: a free user may not write to this host yet; the coin store is offered instead of the composer. */
export const Locked: Story = {
  render: () => <StoryApp path={`/message?with=${encodeURIComponent(MIA)}`} services={locked} preloadedState={freeUser} />,
}

/** The local official conversation. */
export const Official: Story = {
  render: () => <StoryApp path="/message?with=localOfficial" services={full} preloadedState={signedIn} />,
}

/** The XSS corpus, shown as text. */
export const UntrustedText: Story = {
  render: () => <StoryApp path={`/message?with=${encodeURIComponent(MIA)}`} services={xss} preloadedState={signedIn} />,
}

/** /preview: the chat view as a top-level page. */
export const Preview: Story = {
  render: () => <StoryApp path={`/preview?with=${encodeURIComponent(MIA)}`} services={conversation} preloadedState={signedIn} />,
}
