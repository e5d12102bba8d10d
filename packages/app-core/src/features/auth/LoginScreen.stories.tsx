import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { LoginScreen } from './LoginScreen'

// Module-level so each story keeps one store across re-renders.
const googleServices = fakeServices({ googleClientId: '123-abc.apps.googleusercontent.com' })
const wrongCredentials = { auth: { status: 'failed' as const, failure: { kind: 'invalid_credentials' as const, reason: 'the backend request error' } } }
const networkError = { auth: { status: 'failed' as const, failure: { kind: 'network' as const, reason: 'Network Error' } } }
const throttled = { auth: { status: 'failed' as const, failure: { kind: 'throttled' as const, reason: 'HTTP 429', retryAfterSeconds: 240 } } }
const sessionEnded = { auth: { notice: 'expired' as const } }
const busy = { auth: { status: 'loading' as const } }

/** The login popup over the goddess wall, rendered by the real router with a fake backend. */
const meta = {
  title: 'App/LoginScreen',
  component: LoginScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { mode: 'choices' },
  render: (args) => <StoryApp path={args.mode === 'password' ? '/userpassword' : '/login'} />,
} satisfies Meta<typeof LoginScreen>

export default meta
type Story = StoryObj<typeof meta>

/** /login: Google sign-in (disabled: no client configured) and the uid + password form. */
export const Idle: Story = {}

/** /userpassword: the uid + password form only. */
export const PasswordOnly: Story = { args: { mode: 'password' } }

/** Google sign-in available (a client id is configured). */
export const WithGoogle: Story = {
  render: () => <StoryApp path="/login" services={googleServices} />,
}

/** The server refused the uid or password. */
export const WrongCredentials: Story = {
  render: () => <StoryApp path="/login" preloadedState={wrongCredentials} />,
}

/** The server could not be reached. */
export const NetworkError: Story = {
  render: () => <StoryApp path="/login" preloadedState={networkError} />,
}

/** Too many wrong passwords: the server refuses every attempt for a while, and the screen says how long. */
export const Throttled: Story = {
  render: () => <StoryApp path="/userpassword" preloadedState={throttled} />,
}

/** The server ended the session mid-use: the popup says why before asking to sign in again. */
export const SessionEnded: Story = {
  render: () => <StoryApp path="/login" preloadedState={sessionEnded} />,
}

/** Signing in: the button shows a spinner and is disabled. */
export const Busy: Story = {
  render: () => <StoryApp path="/login" preloadedState={busy} />,
}
