import type { Meta, StoryObj } from '@storybook/react-vite'
import { BlockingOverlay } from './BlockingOverlay'
import { GemIcon } from './icons'

const meta = {
  title: 'UI/BlockingOverlay',
  component: BlockingOverlay,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 400 } } },
  args: {
    title: "Sorry, we're under maintenance",
    message: 'We apologize for the inconvenience',
  },
} satisfies Meta<typeof BlockingOverlay>

export default meta
type Story = StoryObj<typeof meta>

export const Maintenance: Story = {}
export const WithIcon: Story = { args: { icon: <GemIcon size={56} /> } }
