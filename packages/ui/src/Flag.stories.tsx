import type { Meta, StoryObj } from '@storybook/react-vite'
import { Flag } from './Flag'

const meta = {
  title: 'UI/Flag',
  component: Flag,
  tags: ['autodocs'],
  args: { code: 'SA', label: 'Saudi Arabia', size: 24 },
} satisfies Meta<typeof Flag>

export default meta
type Story = StoryObj<typeof meta>

export const Country: Story = {}
export const GlobalFallback: Story = { args: { code: 'GLOBAL', label: 'Other country' } }
