import type { Meta, StoryObj } from '@storybook/react-vite'
import { signedInState } from '../../testing/accountTestState'
import { StoryApp } from '../../testing/StoryApp'
import { storyServices } from '../../testing/storyServices'
import { TaskScreen } from './TaskScreen'

// Module-level so each story keeps one store across re-renders.
const signedIn = signedInState()
const services = { full: storyServices.full(), loading: storyServices.loading(), empty: storyServices.empty(), error: storyServices.error() }

/** /task: daily check-in and tasks. Rendered by the real router with makeStore and fake services. */
const meta = {
  title: 'App/Account/TaskScreen',
  component: TaskScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/task" preloadedState={signedIn} services={services.full} />,
} satisfies Meta<typeof TaskScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Full: Story = {}
export const Loading: Story = { render: () => <StoryApp path="/task" preloadedState={signedIn} services={services.loading} /> }
export const Empty: Story = { render: () => <StoryApp path="/task" preloadedState={signedIn} services={services.empty} /> }
export const Error: Story = { render: () => <StoryApp path="/task" preloadedState={signedIn} services={services.error} /> }
const checkedIn = storyServices.checkedIn()
/** Checked in today: the live countdown to the next check-in. */
export const CheckedIn: Story = { render: () => <StoryApp path="/task" preloadedState={signedIn} services={checkedIn} /> }
