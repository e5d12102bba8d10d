import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { makeStore } from '../../app/store'
import { ServicesProvider } from '../../app/ServicesContext'
import { demoConfig, fakeServices } from '../../testing/fakeServices'
import type { Services } from '../../services/types'
import { StoryApp } from '../../testing/StoryApp'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'
import { LuckyBoxPanel, LuckyBoxReward } from './LuckyBoxPanel'

const never = () => new Promise<never>(() => {})
const signedIn = { ...signedInAs(), config: { info: demoConfig }, account: { paid: true, gemsBalance: 500, silverBalance: 0, silverSpent: 0 } }

/** A world where the user has liked nobody yet: the welcome box is ready, the others locked. */
function freshWorld() {
  const world = fakeDiscoverWorld(12)
  world.relations.clear()
  return world
}
/** The seeded demo user: welcome opened, first like ready, first match ready. */
function livedInWorld() {
  const world = fakeDiscoverWorld(12)
  world.opened.set('welcome', { gems: 13, openedAt: 1_700_000_000_000 })
  return world
}

const full = fakeServices({ api: discoverFakeApi(livedInWorld()) })
const fresh = fakeServices({ api: discoverFakeApi(freshWorld()) })
const loading = fakeServices({ api: { getLuckyBoxInfo: never } })
const empty = fakeServices({ api: { getLuckyBoxInfo: async () => ({ enabled: false, boxes: [] }) } })
const failed = fakeServices({ api: { getLuckyBoxInfo: async () => Promise.reject(new Error('Network Error')) } })

function Frame({ services, children }: { services: Services; children: ReactNode }) {
  // One store for the story's lifetime: the panel's boxes live in it, so a re-render must not replace it.
  const [store] = useState(() => makeStore({ services, preloadedState: signedIn }))
  return (
    <Provider store={store}>
      <ServicesProvider value={services}>
        <div style={{ padding: 16, maxWidth: 400 }}>{children}</div>
      </ServicesProvider>
    </Provider>
  )
}

/** The lucky box panel (switch commonConfig.enableLuckyBox) and its reward panel. */
const meta = {
  title: 'Discover/LuckyBoxPanel',
  component: LuckyBoxPanel,
  tags: ['autodocs'],
  render: () => (
    <Frame services={full}>
      <LuckyBoxPanel />
    </Frame>
  ),
} satisfies Meta<typeof LuckyBoxPanel>

export default meta
type Story = StoryObj<typeof meta>

/** One box opened, two ready to open. */
export const Full: Story = {}
/** A new user: the welcome box is ready, the others locked. */
export const Fresh: Story = {
  render: () => (
    <Frame services={fresh}>
      <LuckyBoxPanel />
    </Frame>
  ),
}
export const Loading: Story = {
  render: () => (
    <Frame services={loading}>
      <LuckyBoxPanel />
    </Frame>
  ),
}
export const Empty: Story = {
  render: () => (
    <Frame services={empty}>
      <LuckyBoxPanel />
    </Frame>
  ),
}
export const ErrorState: Story = {
  name: 'Error',
  render: () => (
    <Frame services={failed}>
      <LuckyBoxPanel />
    </Frame>
  ),
}
/** The lucky-box reward panel after opening a box. */
export const Reward: Story = {
  render: () => (
    <Frame services={full}>
      <LuckyBoxReward
        reward={{ box: { rule: 'first_like', status: 'opened', minGems: 10, maxGems: 30, gems: 20, openedAt: 1_700_000_000_000 }, gems: 20, gemsBalance: 520 }}
        onDone={() => {}}
      />
    </Frame>
  ),
}
/** The entry on the goddess wall (shown while the switch is on), in the whole app. */
export const OnTheWall: Story = { render: () => <StoryApp path="/goddess" preloadedState={signedIn} services={full} /> }
