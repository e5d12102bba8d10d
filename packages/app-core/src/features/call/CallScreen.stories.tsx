import type { Meta, StoryObj } from '@storybook/react-vite'
import { StoryApp } from '../../testing/StoryApp'
import { CallScreen } from './CallScreen'

const user = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }
const base = { auth: { user }, account: { gemsBalance: 500 } }
const peer = { direction: 'outgoing' as const, peer: 'anchor_200001@localhost', sid: 's1', price: 60 }

/** The video call screen (/videoview shows the current call), rendered with fake services. */
const meta = {
  title: 'App/Call/CallScreen',
  component: CallScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/videoview" preloadedState={base} />,
} satisfies Meta<typeof CallScreen>

export default meta
type Story = StoryObj<typeof meta>

/** /videoview opened without a call: it leads to the camera and microphone check (VideoViewScreen). */
export const Empty: Story = {}

/** Calling: waiting for the host to answer. */
export const Loading: Story = {
  render: () => <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...peer, status: 1 } }} />,
}

/** Connected: timer, balance reported by the hub, price and controls. */
export const Full: Story = {
  render: () => <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...peer, status: 2, connectedAt: 0, gemsBalance: 380 } }} />,
}

/** Connected on a poor link: one bar and the hint (the video is being sent smaller meanwhile). */
export const PoorConnection: Story = {
  render: () => <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...peer, status: 2, connectedAt: 0, gemsBalance: 380, quality: 'poor' } }} />,
}

/** The media dropped and is being recovered: "Reconnecting…", the picture dimmed, the timer standing still. */
export const Reconnecting: Story = {
  render: () => (
    <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...peer, status: 2, connectedAt: 0, gemsBalance: 380, quality: 'lost', media: 'reconnecting', reconnectingSince: 0 } }} />
  ),
}

/** The media could not be recovered: the call ended for both, and only the connected time is paid. */
export const MediaLost: Story = {
  render: () => <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...peer, status: 4, failure: { reason: 'media-lost' }, connectedAt: 0, endedAt: 95_000, pausedMs: 15_000 } }} />,
}

/** Failed: not enough gems, with the way to the coin store. */
export const Error: Story = {
  render: () => (
    <StoryApp path="/videoview" preloadedState={{ ...base, account: { gemsBalance: 0 }, call: { ...peer, status: 4, failure: { reason: 'Gems insufficient' } } }} />
  ),
}

/** Failed: no answer within 60 s. */
export const TimedOut: Story = {
  render: () => <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...peer, status: 4, failure: { reason: 'timeOut' } } }} />,
}

const freeTerms = { free: { free: 'first' as const, durationS: 60, continuePaid: true }, offer: { firstLeft: 0, firstDurationS: 60, paidLeft: 0, paidDurationS: 60, rechargeReminderS: 45 }, offerStatus: 'ready' as const }

/** A free first call: the free time left, and (no gems to go on) the offer to add gems without hanging up. */
export const FreeCall: Story = {
  render: () => (
    <StoryApp path="/videoview" preloadedState={{ ...base, account: { gemsBalance: 0 }, call: { ...peer, status: 2, connectedAt: -20_000, gemsBalance: 0, ...freeTerms } }} />
  ),
}

/** The free time is over and the call goes on at the host's price. */
export const ConvertedToPaid: Story = {
  render: () => (
    <StoryApp path="/videoview" preloadedState={{ ...base, account: { gemsBalance: 12 }, call: { ...peer, status: 2, connectedAt: -70_000, gemsBalance: 12, converted: true, ...freeTerms } }} />
  ),
}

const talked = { ...peer, status: 3, connectedAt: 0, endedAt: 135_000 }

/** The end of a call talked in: the host, 02:15, what the server charged, call again / chat / close. */
export const Ended: Story = {
  render: () => (
    <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...talked, summary: { gemsCharged: 180, silverCharged: 0, silverEarned: 0, minutes: 3, freeKind: null }, summaryStatus: 'ready' } }} />
  ),
}

/** The end of a call with a silver-club host paid in gems: the cost and the silver it earned. */
export const EndedEarnedSilver: Story = {
  render: () => (
    <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...talked, summary: { gemsCharged: 180, silverCharged: 0, silverEarned: 15, minutes: 3, freeKind: null }, summaryStatus: 'ready' } }} />
  ),
}

/** The end of a free call: "Free call" instead of a cost. */
export const EndedFree: Story = {
  render: () => (
    <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...talked, endedReason: 'free-call-ended', summary: { gemsCharged: 0, silverCharged: 0, silverEarned: 0, minutes: 1, freeKind: 'first' }, summaryStatus: 'ready' } }} />
  ),
}

/** The end of a call while the server's record is still on its way. */
export const EndedLoading: Story = {
  render: () => <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...talked, summaryStatus: 'loading' } }} />,
}

/** The end of a call rated four stars (kept by the server) and its host reported: the report was received. */
export const EndedRatedAndReported: Story = {
  render: () => (
    <StoryApp
      path="/videoview"
      preloadedState={{
        ...base,
        call: { ...talked, summary: { gemsCharged: 180, silverCharged: 0, silverEarned: 0, minutes: 3, freeKind: null }, summaryStatus: 'ready', feedback: { stars: 4, rating: 'saved', report: 'sent' } },
      }}
    />
  ),
}

/** The end of a call whose rating could not be saved: choosing a star again retries. */
export const EndedRatingFailed: Story = {
  render: () => (
    <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...talked, summaryStatus: 'failed', feedback: { stars: 2, rating: 'failed', report: 'idle' } } }} />
  ),
}

/** The end of a call the hub ended for want of gems: buy gems first; the record could not be read. */
export const EndedOutOfGems: Story = {
  render: () => (
    <StoryApp path="/videoview" preloadedState={{ ...base, account: { gemsBalance: 20 }, call: { ...talked, endedReason: 'gems-insufficient', summaryStatus: 'failed' } }} />
  ),
}

/** A paid call whose balance cannot pay the next minute: the offer to add gems without hanging up. */
export const LowBalance: Story = {
  render: () => <StoryApp path="/videoview" preloadedState={{ ...base, account: { gemsBalance: 40 }, call: { ...peer, status: 2, connectedAt: -30_000, gemsBalance: 40 } }} />,
}
