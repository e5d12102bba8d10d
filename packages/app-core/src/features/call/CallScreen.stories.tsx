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

/** No call (the screen opened on its own, or a finished call was closed): says so and leads to the hosts. */
export const Empty: Story = {}

/** Calling: waiting for the host to answer. */
export const Loading: Story = {
  render: () => <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...peer, status: 1 } }} />,
}

/** Connected: timer, balance reported by the hub, price and controls. */
export const Full: Story = {
  render: () => <StoryApp path="/videoview" preloadedState={{ ...base, call: { ...peer, status: 2, connectedAt: 0, gemsBalance: 380 } }} />,
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
