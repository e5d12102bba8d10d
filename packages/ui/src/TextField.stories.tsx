import type { Meta, StoryObj } from '@storybook/react-vite'
import { TextField } from './TextField'

const meta = {
  title: 'UI/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'User ID', name: 'uid', inputMode: 'numeric', autoComplete: 'username' },
} satisfies Meta<typeof TextField>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const WithHint: Story = { args: { hint: 'The number shown in your profile' } }
export const WithError: Story = {
  args: { label: 'Password', type: 'password', name: 'password', error: 'Wrong user ID or password' },
}
export const Disabled: Story = { args: { disabled: true, defaultValue: '100001' } }
