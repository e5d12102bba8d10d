import type { Meta, StoryObj } from '@storybook/react-vite'
import { ProgressBar } from './ProgressBar'

const meta = {
  title: 'UI/ProgressBar',
  component: ProgressBar,
  tags: ['autodocs'],
  args: { label: 'Uploading photo', value: 0.4 },
} satisfies Meta<typeof ProgressBar>

export default meta
type Story = StoryObj<typeof meta>

export const Started: Story = { args: { value: 0 } }
export const Halfway: Story = { args: { value: 0.5 } }
export const Done: Story = { args: { value: 1 } }
export const Unknown: Story = { args: { value: undefined } }
