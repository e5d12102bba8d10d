import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { SilverCallGuide } from './SilverCallGuide'

const user = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }
const base = { auth: { user }, account: { gemsBalance: 500, silverBalance: 120 } }
const times = (availableTimes: number) => async () => ({ availableTimes, totalTimes: 3, silverCallDuration: 60, resetCountdown: 3_600 })
const path = '/video/200001?tier=silver'

/** The silver (low-tier) call guide that opens /video/{uid}?tier=silver before the call starts. */
const meta = {
  title: 'App/Call/SilverCallGuide',
  component: SilverCallGuide,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { onStart: () => {}, onCancel: () => {} },
  render: () => <StoryApp path={path} preloadedState={base} services={fakeServices({ api: { getClubCallTimes: times(2) } })} />,
} satisfies Meta<typeof SilverCallGuide>

export default meta
type Story = StoryObj<typeof meta>

/** Two silver calls left today, 60 seconds each: the call can start. */
export const Full: Story = {}

/** Checking the silver calls left. */
export const Loading: Story = {
  render: () => <StoryApp path={path} preloadedState={base} services={fakeServices({ api: { getClubCallTimes: () => new Promise(() => {}) } })} />,
}

/** None left today: starting is not offered. */
export const Empty: Story = {
  render: () => <StoryApp path={path} preloadedState={base} services={fakeServices({ api: { getClubCallTimes: times(0) } })} />,
}

/** The silver calls could not be checked: retry. */
export const Error: Story = {
  render: () => <StoryApp path={path} preloadedState={base} services={fakeServices({ api: { getClubCallTimes: async () => Promise.reject(new TypeError('offline')) } })} />,
}

/** During a silver call: silver price, duration, calls left and silver balance as the hub set them. */
export const InCall: Story = {
  render: () => (
    <StoryApp
      path="/videoview"
      preloadedState={{
        ...base,
        call: { status: 2, direction: 'outgoing', peer: 'anchor_200001@localhost', sid: 's1', price: 25, tier: 'silver', connectedAt: 0, silver: { callDuration: 60, timesLeft: 1, silverBalance: 95, price: 25 } },
      }}
    />
  ),
}
