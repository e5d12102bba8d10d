import type { Meta, StoryObj } from '@storybook/react-vite'
import { CallQuality } from './CallQuality'

/**
 * The call's connection indicator, as it sits over the video of the call (here a dark stage). The call
 * engine's quality monitor gives the level (`CallQualitySample.level`); `reconnecting` while the
 * connection is being restored.
 */
const meta = {
  title: 'App/Call/CallQuality',
  component: CallQuality,
  tags: ['autodocs'],
  args: { level: 'good', reconnecting: false },
  argTypes: { level: { control: 'select', options: [null, 'good', 'fair', 'poor', 'lost'] } },
  decorators: [
    (Story) => (
      <div style={{ padding: 16, background: '#1c1b22', inlineSize: 320, blockSize: 120 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CallQuality>

export default meta
type Story = StoryObj<typeof meta>

/** Three green bars. */
export const Good: Story = {}

/** Two bars: some loss or a long round trip; the video is sent smaller. */
export const Fair: Story = { args: { level: 'fair' } }

/** One red bar and the hint that the video may pause (announced politely). */
export const Poor: Story = { args: { level: 'poor' } }

/** Nothing got through during the last interval: no bar lit, a red ring. */
export const Lost: Story = { args: { level: 'lost' } }

/** The connection is being restored: a spinner and "Reconnecting…" in place of the bars. */
export const Reconnecting: Story = { args: { level: 'lost', reconnecting: true } }

/** No reading yet (the call has just connected): the bars unlit, named "Checking connection…". */
export const NotMeasuredYet: Story = { args: { level: null } }
