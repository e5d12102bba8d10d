import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'
import { MatchScreen } from './MatchScreen'

const never = () => new Promise<never>(() => {})
const swipeUser = signedInAs('100001')
const switchUser = signedInAs('264457001')

const full = fakeServices({ api: discoverFakeApi(fakeDiscoverWorld(24)) })
const switchFull = fakeServices({ api: discoverFakeApi(fakeDiscoverWorld(24)) })
const loading = fakeServices({ api: { getSwipeAnchors: never } })
const empty = fakeServices({ api: { getSwipeAnchors: async () => ({ list: [], remaining: 0 }) } })
const failed = fakeServices({ api: { getSwipeAnchors: async () => Promise.reject(new Error('Network Error')) } })

/** /match: the swipe deck (uid ≤ 264457000 or even) or the card switcher (odd uid above it). */
const meta = {
  title: 'Discover/MatchScreen',
  component: MatchScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/match" preloadedState={swipeUser} services={full} />,
} satisfies Meta<typeof MatchScreen>

export default meta
type Story = StoryObj<typeof meta>

/** Swipe variant; liking "Elif 3" (third card) opens the match pop-up. */
export const Full: Story = {}
export const SwitchVariant: Story = { render: () => <StoryApp path="/match" preloadedState={switchUser} services={switchFull} /> }
export const Loading: Story = { render: () => <StoryApp path="/match" preloadedState={swipeUser} services={loading} /> }
export const Empty: Story = { render: () => <StoryApp path="/match" preloadedState={swipeUser} services={empty} /> }
export const ErrorState: Story = { name: 'Error', render: () => <StoryApp path="/match" preloadedState={swipeUser} services={failed} /> }
