import type { Meta, StoryObj } from '@storybook/react-vite'
import { blockedState, signedInState } from '../../testing/accountTestState'
import { StoryApp } from '../../testing/StoryApp'
import { storyServices } from '../../testing/storyServices'
import { PersonalHomeScreen } from './PersonalHomeScreen'

// Module-level so each story keeps one store across re-renders.
const signedIn = signedInState()
const services = { full: storyServices.full(), loading: storyServices.loading(), empty: storyServices.empty(), error: storyServices.error() }

/** /personalhome: own profile, balance, support. Rendered by the real router with makeStore and fake services. */
const meta = {
  title: 'App/Account/PersonalHomeScreen',
  component: PersonalHomeScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/personalhome" preloadedState={signedIn} services={services.full} />,
} satisfies Meta<typeof PersonalHomeScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Full: Story = {}
export const Loading: Story = { render: () => <StoryApp path="/personalhome" preloadedState={signedIn} services={services.loading} /> }
export const Empty: Story = { render: () => <StoryApp path="/personalhome" preloadedState={signedIn} services={services.empty} /> }
export const Error: Story = { render: () => <StoryApp path="/personalhome" preloadedState={signedIn} services={services.error} /> }
const blocked = blockedState('Spam reports')
/** A blocked account (blockInfo) sees why. */
export const Blocked: Story = { render: () => <StoryApp path="/personalhome" preloadedState={blocked} services={services.full} /> }
