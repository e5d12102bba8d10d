import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { GoddessScreen } from './GoddessScreen'
import { signedInAs } from '../../testing/testState'

const never = () => new Promise<never>(() => {})
const fail = async () => Promise.reject(new Error('Network Error'))
const empty = async () => ({ list: [], page: 1, size: 50, total: 0, hasMore: false })
const signedIn = signedInAs()

const full = fakeServices({ api: discoverFakeApi(fakeDiscoverWorld(2000)) })
const loading = fakeServices({ api: { getHotAnchors: never } })
const emptyList = fakeServices({ api: { getHotAnchors: empty } })
const failed = fakeServices({ api: { getHotAnchors: fail } })

/** /goddess, the host wall, in the real router with a fake backend. */
const meta = {
  title: 'Discover/GoddessScreen',
  component: GoddessScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/goddess" preloadedState={signedIn} services={full} />,
} satisfies Meta<typeof GoddessScreen>

export default meta
type Story = StoryObj<typeof meta>

/** 2000 hosts, virtualised; the next page loads near the end. */
export const Full: Story = {}
export const Loading: Story = { render: () => <StoryApp path="/goddess" preloadedState={signedIn} services={loading} /> }
export const Empty: Story = { render: () => <StoryApp path="/goddess" preloadedState={signedIn} services={emptyList} /> }
export const ErrorState: Story = { name: 'Error', render: () => <StoryApp path="/goddess" preloadedState={signedIn} services={failed} /> }
