import type { Meta, StoryObj } from '@storybook/react-vite'
import { signedInState } from '../../testing/accountTestState'
import { fakeMediaDevices } from '../../testing/fakeMedia'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { DeviceCheckScreen } from './DeviceCheckScreen'

// Module-level so each story keeps one store and one fake camera across re-renders.
const signedIn = signedInState()
const services = {
  notAsked: fakeServices({ media: fakeMediaDevices({ permission: 'prompt' }) }),
  asking: fakeServices({ media: fakeMediaDevices({ answer: 'hang' }) }),
  denied: fakeServices({ media: fakeMediaDevices({ permission: 'denied', answer: 'NotAllowedError' }) }),
  noDevice: fakeServices({ media: fakeMediaDevices({ cameras: 0, microphones: 0 }) }),
  busy: fakeServices({ media: fakeMediaDevices({ answer: 'NotReadableError' }) }),
  granted: fakeServices({ media: fakeMediaDevices({ permission: 'granted', amplitude: 0.3 }) }),
}

/** The queries a play function gets for the story's canvas. */
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas']

/** Presses "Check camera and microphone" and waits for what follows (`shown`). */
function startAndWaitFor(shown: (canvas: Canvas) => Promise<unknown>): NonNullable<Story['play']> {
  return async ({ canvas, userEvent }) => {
    // Found by their places, not their words: the stories run in every language of the storybook projects.
    await userEvent.click(await canvas.findByText(/\S/, { selector: '.vc-device-check__start .vc-button__label' }))
    await shown(canvas)
  }
}

/**
 * /test: the camera and microphone check before a call, rendered by the real router with makeStore and
 * fake services whose camera and microphone (`fakeMediaDevices`) answer as each story says.
 */
const meta = {
  title: 'App/Call/DeviceCheckScreen',
  component: DeviceCheckScreen,
  tags: ['autodocs'],
  // The play functions drive the lazily loaded screen.
  parameters: { layout: 'fullscreen', preloadAppModules: true },
  render: () => <StoryApp path="/test" preloadedState={signedIn} services={services.notAsked} />,
} satisfies Meta<typeof DeviceCheckScreen>

export default meta
type Story = StoryObj<typeof meta>

/** Not asked yet: what the browser will do, and the button that starts the check. */
export const NotAsked: Story = {}

/** Asking: the browser's prompt is open (the request has not been answered). */
export const Loading: Story = {
  render: () => <StoryApp path="/test" preloadedState={signedIn} services={services.asking} />,
  play: startAndWaitFor((canvas) => canvas.findByText(/\S/, { selector: '.vc-device-check__note' })),
}

/** Blocked for this site: how to allow the camera and microphone, and Try again. */
export const Error: Story = {
  render: () => <StoryApp path="/test" preloadedState={signedIn} services={services.denied} />,
  play: async ({ canvas }) => {
    await canvas.findAllByText(/\S/, { selector: '.vc-device-check__steps li' })
  },
}

/** No camera or microphone found. */
export const Empty: Story = {
  render: () => <StoryApp path="/test" preloadedState={signedIn} services={services.noDevice} />,
  play: startAndWaitFor((canvas) => canvas.findByText(/\S/, { selector: '.vc-device-check__retry .vc-button__label' })),
}

/** The camera or microphone is held by another app. */
export const InUse: Story = {
  render: () => <StoryApp path="/test" preloadedState={signedIn} services={services.busy} />,
  play: startAndWaitFor((canvas) => canvas.findByText(/\S/, { selector: '.vc-device-check__retry .vc-button__label' })),
}

/** Allowed: the mirrored self view, the microphone level, the camera and microphone pickers and the way to the hosts. */
export const Full: Story = {
  render: () => <StoryApp path="/test" preloadedState={signedIn} services={services.granted} />,
  play: startAndWaitFor((canvas) => canvas.findByRole('meter')),
}

/** A visitor: the same check, without the way to the hosts (calls need an account). */
export const Visitor: Story = {
  render: () => <StoryApp path="/test" services={services.notAsked} />,
}
