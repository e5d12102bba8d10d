import type { Meta, StoryObj } from '@storybook/react-vite'
import { StoryApp } from '../../testing/StoryApp'
import { LandingScreen } from './LandingScreen'

/**
 * The landing page in its variants, in the whole app as a visitor sees it. It loads no data, so it has
 * no loading, empty or error state: its states are its variants.
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
