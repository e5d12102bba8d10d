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
const typingChat = fakeChatService({ threads: demoThreads, messages: demoMessages })
const typing = fakeServices({ chat: typingChat })
const lastSeenStory = fakeServices({
  chat: fakeChatService({ threads: demoThreads, messages: demoMessages, lastActivity: { [MIA]: { state: 'seen', secondsAgo: 25 * 60 } } }),
})
const reconnecting = fakeServices({ chat: fakeChatService({ threads: demoThreads, messages: demoMessages, state: 'failed' }) })
const locked = fakeServices({
  chat: fakeChatService({ threads: demoThreads, messages: demoMessages }),
  api: { getSendMsgLock: async ({ targetJid }) => ({ targetJid, locked: true, reason: 'free_user' }) },
})
const xssMessages = XSS_PAYLOADS.map((content, i) => demoMessage({ mid: `x${i}`, content, date: 1_700_000_000_000 + i }))
const xss = fakeServices({
  chat: fakeChatService({ threads: [{ ...demoThreads[0]!, nickName: '<img src=x onerror=alert(1)>', lastMessage: xssMessages.at(-1) ?? null }], messages: xssMessages }),
})

// A long conversation (5000 messages, both sides): opens on the newest page, older pages load while scrolling up.
const longHistory = Array.from({ length: 5_000 }, (_, i) =>
  demoMessage({ mid: `long${i}`, content: i % 7 === 0 ? `Message ${i + 1}: a longer line, so that rows have different heights in this story.` : `Message ${i + 1}`, date: 1_700_000_000_000 + i * 60_000, ...(i % 3 === 0 ? { from: ME, to: MIA } : {}) }),
)
const long = fakeServices({ chat: fakeChatService({ threads: [{ ...demoThreads[0]!, lastMessage: longHistory.at(-1) ?? null }], messages: longHistory }) })
// Messaging could not take the message (no sign-in yet): it comes back into the box with an error.
const refusing = fakeServices({
  chat: fakeChatService({ threads: demoThreads, messages: demoMessages }, { send: async () => Promise.reject(new globalThis.Error('need login')) }),
})
const olderFailing = fakeServices({
  chat: fakeChatService({ threads: [{ ...demoThreads[0]!, lastMessage: longHistory.at(-1) ?? null }], messages: longHistory }, { loadOlder: async () => Promise.reject(new globalThis.Error('storage unavailable')) }),
})

/** The conversation's scroll box, scrolled to its top (as a reader scrolling back would). */
function scrollToTop(canvasElement: HTMLElement) {
  const list = canvasElement.querySelector<HTMLElement>('.vc-chat-view__scroller')
  if (!list) throw new globalThis.Error('the conversation is not shown')
  list.scrollTop = 0
}

/** /message: the thread list (virtualised) and the conversation, with a fake messaging service. */
const meta = {
  title: 'Chat/MessageScreen',
  component: MessageScreen,
  tags: ['autodocs'],
  // Play functions drive screens that load the message database and panels on demand.
  parameters: { layout: 'fullscreen', preloadAppModules: true },
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

/** The peer is typing: "typing…" under the name in the conversation's header. */
export const PeerTyping: Story = {
  render: () => <StoryApp path={`/message?with=${encodeURIComponent(MIA)}`} services={typing} preloadedState={signedIn} />,
  play: async ({ canvas }) => {
    await canvas.findByText('Hi! How is your day going?')
    typingChat.peerTyping(MIA, true)
    // Found by its place, not its words: the story runs in every language of the storybook projects.
    await canvas.findByText(/\S/, { selector: '.vc-chat-view__typing' })
  },
}

/** The peer left 25 minutes ago: "last seen 25 minutes ago" under the name (the server allows it). */
export const PeerLastSeen: Story = {
  render: () => <StoryApp path={`/message?with=${encodeURIComponent(MIA)}`} services={lastSeenStory} preloadedState={signedIn} />,
  play: async ({ canvas }) => {
    // Found by its place, not its words: the story runs in every language of the storybook projects.
    await canvas.findByText(/\S/, { selector: '.vc-chat-view__presence' })
  },
}

/** Messaging is offline: typed messages wait in the outbox. */
export const Offline: Story = {
  render: () => <StoryApp path={`/message?with=${encodeURIComponent(MIA)}`} services={reconnecting} preloadedState={signedIn} />,
}

/** A message messaging could not take: the text is back in the box, with the reason and the way on. */
export const SendRefused: Story = {
  render: () => <StoryApp path={`/message?with=${encodeURIComponent(MIA)}`} services={refusing} preloadedState={signedIn} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByText('Hi! How is your day going?')
    // Found by their places, not their words: the story runs in every language of the storybook projects.
    const input = canvasElement.querySelector<HTMLInputElement>('#vc-chat-input')
    if (!input) throw new globalThis.Error('the composer is not shown')
    await userEvent.type(input, 'Are you there?{Enter}')
    const alerts = await canvas.findAllByRole('alert')
    if (!alerts.some((alert) => alert.closest('.vc-chat-composer-area'))) throw new globalThis.Error('the refusal is not shown')
    if (input.value !== 'Are you there?') throw new globalThis.Error('the refused text is not back in the box')
  },
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

/** 5000 messages: only a screenful is in the page; scrolling up loads the previous pages, the rows read stay in place. */
export const LongConversation: Story = {
  render: () => <StoryApp path={`/message?with=${encodeURIComponent(MIA)}`} services={long} preloadedState={signedIn} />,
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText('Message 5000')
    const rendered = canvasElement.querySelectorAll('.vc-chat-view__messages > li').length
    if (rendered >= 60) throw new globalThis.Error(`expected a screenful of rows in the page, found ${rendered}`)
  },
}

/** Scrolled back to the top, the previous page could not be read: said so, with a retry. */
export const OlderPageFailed: Story = {
  render: () => <StoryApp path={`/message?with=${encodeURIComponent(MIA)}`} services={olderFailing} preloadedState={signedIn} />,
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText('Message 5000')
    scrollToTop(canvasElement)
    // The failure row at the top (found by role: its text depends on the language).
    const alerts = await canvas.findAllByRole('alert')
    if (!alerts.some((alert) => alert.closest('.vc-chat-view__older'))) throw new globalThis.Error('the older page failure is not shown')
  },
}
