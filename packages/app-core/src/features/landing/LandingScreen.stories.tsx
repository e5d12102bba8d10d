import type { Meta, StoryObj } from '@storybook/react-vite'
import { StoryApp } from '../../testing/StoryApp'
import { ApiError } from '@vchat/api-client'
import { fakeServices } from '../../testing/fakeServices'
import { LandingScreen } from './LandingScreen'

/**
 * The landing page in its variants, in the whole app as a visitor sees it. Its one piece of data is who
 * is live now (the public wall, under the hero): full in the variants, and in its loading, empty and
 * error states below.
 */
const meta = {
  title: 'App/LandingScreen',
  component: LandingScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/?v=classic" />,
} satisfies Meta<typeof LandingScreen>

export default meta
type Story = StoryObj<typeof meta>

/** Headline, three features and the footer. */
export const Classic: Story = {}
/** The one-tap call leads (the second brand's `/`). */
export const Call: Story = { render: () => <StoryApp path="/?v=call" /> }
/** Headline and actions only: the /onlinevideochat pop-up over the goddess wall. */
export const CompactPopup: Story = { render: () => <StoryApp path="/onlinevideochat" /> }

const wallFailure = new ApiError('NETWORK_ERROR', 'network error', { path: '/api/public/live_hosts', requestId: '' })

/** Who is live is on its way: placeholders keep the faces' place. */
export const LiveLoading: Story = {
  render: () => <StoryApp path="/?v=classic" services={fakeServices({ api: { getPublicHosts: () => new Promise(() => {}) } })} />,
}
/** No host is live this minute: said plainly, and the page stays usable. */
export const LiveEmpty: Story = {
  render: () => <StoryApp path="/?v=classic" services={fakeServices({ api: { getPublicHosts: async () => ({ list: [] }) } })} />,
}
/** The wall could not load: said, with a retry. */
export const LiveError: Story = {
  render: () => <StoryApp path="/?v=classic" services={fakeServices({ api: { getPublicHosts: () => Promise.reject(wallFailure) } })} />,
}

