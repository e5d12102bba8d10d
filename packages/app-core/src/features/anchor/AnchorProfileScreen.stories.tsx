import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'
import { AnchorProfileScreen } from './AnchorProfileScreen'

const never = () => new Promise<never>(() => {})
const signedIn = signedInAs()
const clubPath = '/anchorprofile?jid=anchor_200008%40localhost'
const withSilver = { ...signedIn, account: { paid: true, gemsBalance: 500, silverBalance: 40, silverSpent: 0 } }
const clubNoneLeft = fakeServices({
  api: { ...discoverFakeApi(fakeDiscoverWorld(12)), getClubCallTimes: async () => ({ availableTimes: 0, totalTimes: 3, silverCallDuration: 30, resetCountdown: 3_600 }) },
})
const path = '/anchorprofile?jid=anchor_200005%40localhost'

const full = fakeServices({ api: discoverFakeApi(fakeDiscoverWorld(12)) })
const loading = fakeServices({ api: { getHotAnchors: never } })
const failed = fakeServices({ api: { getHotAnchors: async () => Promise.reject(new Error('Network Error')) } })
const noAge = fakeServices({
  api: discoverFakeApi({ ...fakeDiscoverWorld(12), anchors: fakeDiscoverWorld(12).anchors.map((a) => (a.uid === '200005' ? { ...a, birthday: '', country: 'JP', about: '' } : a)) }),
})

/** /anchorprofile: the host details page. */
const meta = {
  title: 'Discover/AnchorProfileScreen',
  component: AnchorProfileScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path={path} preloadedState={signedIn} services={full} />,
} satisfies Meta<typeof AnchorProfileScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Full: Story = {}
export const Loading: Story = { render: () => <StoryApp path={path} preloadedState={signedIn} services={loading} /> }
/** No birth date (age hidden), a country outside the flag list (global flag), no about text. */
export const Empty: Story = { render: () => <StoryApp path={path} preloadedState={signedIn} services={noAge} /> }
export const ErrorState: Story = { name: 'Error', render: () => <StoryApp path={path} preloadedState={signedIn} services={failed} /> }
/** A club host: a silver call beside the video call, with the calls left today and their length. */
export const ClubHost: Story = { render: () => <StoryApp path={clubPath} preloadedState={withSilver} services={full} /> }
/** A club host when today's silver calls are used: the silver call is disabled with the reason. */
export const ClubHostNoneLeft: Story = { render: () => <StoryApp path={clubPath} preloadedState={withSilver} services={clubNoneLeft} /> }
