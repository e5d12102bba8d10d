import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { signedInAs } from '../../testing/testState'
import { ClubScreen } from './ClubScreen'

const signedIn = { ...signedInAs(), account: { paid: true, gemsBalance: 500, silverBalance: 20, silverSpent: 7 } }
const never = () => new Promise<never>(() => {})
const full = fakeServices()
const loading = fakeServices({ api: { getClubAnchors: never } })
const empty = fakeServices({ api: { getClubAnchors: async () => ({ status: 1, clubAnchorItem: [], page: 1, size: 50, total: 0, hasMore: false }) } })
const failed = fakeServices({ api: { getClubAnchors: async () => Promise.reject(new Error('Network Error')) } })
const noneLeft = fakeServices({ api: { getClubCallTimes: async () => ({ availableTimes: 0, totalTimes: 3, silverCallDuration: 30, resetCountdown: 3_600 }) } })
const lowSilver = { ...signedIn, account: { ...signedIn.account, silverBalance: 7 } }

/** /club: the silver club. */
const meta = {
  title: 'Discover/ClubScreen',
  component: ClubScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/club" preloadedState={signedIn} services={full} />,
} satisfies Meta<typeof ClubScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Full: Story = {}
export const SilverAnchors: Story = { render: () => <StoryApp path="/silveranchor" preloadedState={signedIn} services={full} /> }
export const Loading: Story = { render: () => <StoryApp path="/club" preloadedState={signedIn} services={loading} /> }
export const Empty: Story = { render: () => <StoryApp path="/club" preloadedState={signedIn} services={empty} /> }
export const ErrorState: Story = { name: 'Error', render: () => <StoryApp path="/club" preloadedState={signedIn} services={failed} /> }
/** Every silver call is used for today: each host's silver call is disabled with the reason. */
export const NoCallsLeft: Story = { render: () => <StoryApp path="/club" preloadedState={signedIn} services={noneLeft} /> }
/** Silver short of some hosts' price per minute: only those are disabled, with the reason. */
export const SilverShort: Story = { render: () => <StoryApp path="/silveranchor" preloadedState={lowSilver} services={full} /> }
