import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { CallConfirm } from './CallConfirm'

const user = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }
const base = { auth: { user }, account: { gemsBalance: 500 } }
const path = '/video/200001'
const firstCall = (left: number) => async () => ({ freeFirstCallTotalTimes: 1, freeFirstCallRemainingTimes: left, freeFirstCallDuration: 60 })
const newUser = { getAccount: async () => ({ paid: false, gemsBalance: 0, silverBalance: 0, silverSpent: 0 }), getFirstCallInfo: firstCall(1) }

/** The confirmation that opens /video/{uid} (and /call/{uid}) before any call to a host starts. */
const meta = {
  title: 'App/Call/CallConfirm',
  component: CallConfirm,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { uid: '200001', onStart: () => {}, onCancel: () => {} },
  render: () => <StoryApp path={path} preloadedState={base} />,
} satisfies Meta<typeof CallConfirm>

export default meta
type Story = StoryObj<typeof meta>

/** A paying user: the host's price per minute and the balance; the call starts on "Start video call". */
export const Full: Story = {}

/** A new user's free first call: how long it is free and the price that follows. */
export const FreeFirstCall: Story = {
  render: () => <StoryApp path={path} preloadedState={{ ...base, account: { gemsBalance: 0 } }} services={fakeServices({ api: newUser })} />,
}

/** A paying user's free call, offered on a call that comes from a match. */
export const FreeFromMatch: Story = {
  render: () => <StoryApp path={`${path}?via=match`} preloadedState={base} />,
}

/** No free call and no gems for the first minute: the coin store instead of a call that would be refused. */
export const Empty: Story = {
  render: () => (
    <StoryApp path={path} preloadedState={{ ...base, account: { gemsBalance: 0 } }} services={fakeServices({ api: { ...newUser, getFirstCallInfo: firstCall(0) } })} />
  ),
}

/** Asking the server for the price and the free calls left. */
export const Loading: Story = {
  render: () => <StoryApp path={path} preloadedState={base} services={fakeServices({ api: { getFirstCallInfo: () => new Promise(() => {}) } })} />,
}

/** The free calls could not be checked: nothing starts; retry. */
export const Error: Story = {
  render: () => <StoryApp path={path} preloadedState={base} services={fakeServices({ api: { getFirstCallInfo: async () => Promise.reject(new TypeError('offline')) } })} />,
}
