import type { Meta, StoryObj } from '@storybook/react-vite'
import { DotBadge } from './DotBadge'

const meta = {
  title: 'UI/DotBadge',
  component: DotBadge,
  tags: ['autodocs'],
  args: { show: true, label: 'reward to claim', children: 'Tasks' },
} satisfies Meta<typeof DotBadge>

export default meta
type Story = StoryObj<typeof meta>

export const WithDot: Story = {}
export const WithoutDot: Story = { args: { show: false } }
