import type { Meta, StoryObj } from '@storybook/react-vite'
import { GenderIcon } from './GenderIcon'

const meta = {
  title: 'UI/GenderIcon',
  component: GenderIcon,
  tags: ['autodocs'],
  args: { gender: 'female', label: 'Female', size: 24 },
} satisfies Meta<typeof GenderIcon>

export default meta
type Story = StoryObj<typeof meta>

export const Female: Story = {}
export const Male: Story = { args: { gender: 'male', label: 'Male' } }
