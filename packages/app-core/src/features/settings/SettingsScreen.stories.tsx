import type { Meta, StoryObj } from '@storybook/react-vite'
import { signedInState } from '../../testing/accountTestState'
import { StoryApp } from '../../testing/StoryApp'
import { storyServices } from '../../testing/storyServices'
import { SettingsScreen } from './SettingsScreen'

// Module-level so each story keeps one store across re-renders.
const signedIn = signedInState()
const services = { full: storyServices.full(), loading: storyServices.loading(), empty: storyServices.empty(), error: storyServices.error() }

/** /settings: every SPEC §3 setting, install and support. Rendered by the real router with makeStore and fake services. */
const meta = {
  title: 'App/Account/SettingsScreen',
  component: SettingsScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/settings" preloadedState={signedIn} services={services.full} />,
} satisfies Meta<typeof SettingsScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Full: Story = {}
export const Loading: Story = { render: () => <StoryApp path="/settings" preloadedState={signedIn} services={services.loading} /> }
export const Empty: Story = { render: () => <StoryApp path="/settings" preloadedState={signedIn} services={services.empty} /> }
export const Error: Story = { render: () => <StoryApp path="/settings" preloadedState={signedIn} services={services.error} /> }
