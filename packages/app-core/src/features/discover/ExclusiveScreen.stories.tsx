import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { ExclusiveScreen } from './ExclusiveScreen'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'

const PATH = '/goddess?view=exclusive'
const never = () => new Promise<never>(() => {})
const signedIn = signedInAs()
const lockedWorld = fakeDiscoverWorld(64)
lockedWorld.paid = false

const full = fakeServices({ api: discoverFakeApi(fakeDiscoverWorld(64)) })
const locked = fakeServices({ api: discoverFakeApi(lockedWorld) })
const loading = fakeServices({ api: { getExclusiveAnchors: never } })
const empty = fakeServices({ api: { getExclusiveAnchors: async () => ({ list: [], page: 1, size: 20, total: 0, hasMore: false, unlocked: true }) } })
const failed = fakeServices({ api: { getExclusiveAnchors: async () => Promise.reject(new Error('Network Error')) } })

/** The exclusive-girl page (a view of /goddess), in the real router with a fake backend. */
const meta = {
  title: 'Discover/ExclusiveScreen',
  component: ExclusiveScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path={PATH} preloadedState={signedIn} services={full} />,
} satisfies Meta<typeof ExclusiveScreen>

export default meta
type Story = StoryObj<typeof meta>

/** A paid user: intro, exclusive price, call and chat. */
export const Full: Story = {}
/** A free user: the page is locked, with the way to recharge. */
export const Locked: Story = { render: () => <StoryApp path={PATH} preloadedState={signedInAs('100002')} services={locked} /> }
export const Loading: Story = { render: () => <StoryApp path={PATH} preloadedState={signedIn} services={loading} /> }
export const Empty: Story = { render: () => <StoryApp path={PATH} preloadedState={signedIn} services={empty} /> }
export const ErrorState: Story = { name: 'Error', render: () => <StoryApp path={PATH} preloadedState={signedIn} services={failed} /> }
