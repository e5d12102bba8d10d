import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'
import { SocialScreen } from './SocialScreen'

const never = () => new Promise<never>(() => {})
const signedIn = signedInAs()
const emptyPage = async () => ({ list: [], page: 1, size: 50, total: 0, hasMore: false })

const full = fakeServices({ api: discoverFakeApi(fakeDiscoverWorld(12)) })
const loading = fakeServices({ api: { getFriendList: never } })
const empty = fakeServices({ api: { getFriendList: emptyPage } })
const failed = fakeServices({ api: { getFriendList: async () => Promise.reject(new Error('Network Error')) } })

/** /friendreq: friend requests (accept, decline) and the other social lists. */
const meta = {
  title: 'Discover/SocialScreen',
  component: SocialScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/friendreq" preloadedState={signedIn} services={full} />,
} satisfies Meta<typeof SocialScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Full: Story = {}
export const Loading: Story = { render: () => <StoryApp path="/friendreq" preloadedState={signedIn} services={loading} /> }
export const Empty: Story = { render: () => <StoryApp path="/friendreq" preloadedState={signedIn} services={empty} /> }
export const ErrorState: Story = { name: 'Error', render: () => <StoryApp path="/friendreq" preloadedState={signedIn} services={failed} /> }
