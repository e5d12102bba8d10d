import type { Meta, StoryObj } from '@storybook/react-vite'
import { Toast } from './Toast'

const meta = {
  title: 'UI/Toast',
  component: Toast,
  tags: ['autodocs'],
  args: { message: 'Settings saved', durationMs: 0 },
} satisfies Meta<typeof Toast>

export default meta
type Story = StoryObj<typeof meta>

export const Info: Story = {}
export const Success: Story = { args: { tone: 'success', message: '+20 gems' } }
export const Error: Story = { args: { tone: 'error', message: 'Something went wrong. Please try again.' } }
