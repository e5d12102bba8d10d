import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { TextField } from './TextField'

const meta = {
  title: 'UI/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'User ID', name: 'uid', inputMode: 'numeric', autoComplete: 'username' },
} satisfies Meta<typeof TextField>

export default meta
type Story = StoryObj<typeof meta>

/** The label names the input; typing fills it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'User ID' })
    await userEvent.click(input)
    await userEvent.keyboard('100001')
    await expect(input).toHaveValue('100001')
  },
}
export const WithHint: Story = {
  args: { hint: 'The number shown in your profile' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'User ID' })
    await expect(input).toHaveAccessibleDescription('The number shown in your profile')
  },
}
export const WithError: Story = {
  args: { label: 'Password', type: 'password', name: 'password', error: 'Wrong user ID or password' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByLabelText('Password')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('Wrong user ID or password')
    await expect(canvas.getByRole('alert')).toHaveTextContent('Wrong user ID or password')
  },
}
export const Disabled: Story = { args: { disabled: true, defaultValue: '100001' } }
