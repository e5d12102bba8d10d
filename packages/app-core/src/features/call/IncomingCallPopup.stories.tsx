import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { IncomingCallPopup } from './IncomingCallPopup'

const user = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }
const ringing = { status: 5, answered: false, direction: 'incoming' as const, peer: 'anchor_200001@localhost', sid: 's1', price: 60 }
const base = { auth: { user }, account: { gemsBalance: 500 }, call: ringing }
/** The people directory has not answered yet. */
const asking = fakeServices({ api: { getUserProfiles: () => new Promise(() => {}) } })
/** The people directory could not be reached. */
const unreachable = fakeServices({ api: { getUserProfiles: async () => Promise.reject(new globalThis.Error('Network Error')) } })

/** The incoming-call pop-up over any signed-in screen (here the wall): who calls, the price, accept or decline. */
const meta = {
  title: 'App/Call/IncomingCallPopup',
  component: IncomingCallPopup,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', preloadAppModules: true },
  render: () => <StoryApp path="/goddess" preloadedState={base} />,
} satisfies Meta<typeof IncomingCallPopup>

export default meta
type Story = StoryObj<typeof meta>

/** A host calls: her name and photo from the people directory, and her price (CallLayer.test.tsx checks the text). */
export const Full: Story = {}

/** Before the directory answers: "Host" and an initial, never her id. */
export const Loading: Story = { render: () => <StoryApp path="/goddess" preloadedState={base} services={asking} /> }

/** The directory could not be reached: still "Host", never her id. */
export const Error: Story = { render: () => <StoryApp path="/goddess" preloadedState={base} services={unreachable} /> }

/** A silver-club call: the price in silver. */
export const Silver: Story = { render: () => <StoryApp path="/goddess" preloadedState={{ ...base, call: { ...ringing, tier: 'silver' as const } }} /> }
