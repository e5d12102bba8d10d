import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from './Button'
import { EmptyState } from './EmptyState'
import { HistoryIcon, MessagesIcon } from './icons'

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: { title: 'No messages yet', message: 'Start a chat with a host to see it here.' },
} satisfies Meta<typeof EmptyState>

export default meta
type Story = StoryObj<typeof meta>

export const TitleOnly: Story = { args: { message: undefined } }
export const WithIcon: Story = { args: { icon: <MessagesIcon size={48} /> } }
export const WithAction: Story = {
  args: {
    title: 'No video calls yet',
    message: 'Your call history will show up here.',
    icon: <HistoryIcon size={48} />,
    action: <Button>Discover hosts</Button>,
  },
}
