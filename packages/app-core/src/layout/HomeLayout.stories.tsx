import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../testing/fakeServices'
import { StoryApp } from '../testing/StoryApp'
import { HomeLayout } from './HomeLayout'

const signedIn = {
  auth: { user: { uid: '100001', jid: 'user_100001@localhost', vcToken: 'story-token', role: 2, nickName: 'Demo One', name: '' } },
  account: { paid: true, gemsBalance: 500, silverBalance: 0, silverSpent: 0 },
}

const switchUser = { ...signedIn, auth: { user: { ...signedIn.auth.user, uid: '264457001', jid: 'user_264457001@localhost', nickName: '' } } }
// Module-level so the story keeps one store across re-renders.
const maintenanceServices = fakeServices({ api: { getMaintenanceStatus: async () => ({ maintananceStatus: 2 }) } })

/** Header, page and bottom tabs (a side column from the md breakpoint), rendered by the real router. */
const meta = {
  title: 'App/HomeLayout',
  component: HomeLayout,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/" />,
} satisfies Meta<typeof HomeLayout>

export default meta
type Story = StoryObj<typeof meta>

/** A visitor on the landing page. */
export const Landing: Story = {}

/** Signed in, on the messages tab (a "coming soon" screen for now). */
export const MessagesTab: Story = {
  render: () => <StoryApp path="/message" preloadedState={signedIn} />,
}

/** Signed in, on /match: a popup over the goddess wall; the header holds the balance and the user's own face. */
export const Match: Story = {
  render: () => <StoryApp path="/match" preloadedState={signedIn} />,
}

/** A user in the 'switch' half of the A/B split (odd uid above 264457000). */
export const MatchSwitchVariant: Story = {
  render: () => (
    <StoryApp path="/match" preloadedState={switchUser} />
  ),
}

/** The server is in maintenance: the overlay covers everything. */
export const Maintenance: Story = {
  render: () => <StoryApp path="/" services={maintenanceServices} />,
}
