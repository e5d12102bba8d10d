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
/** The picture flag an app serves (the app's `/flags/<CODE>.svg`): the same on every system. */
export const Picture: Story = { args: { code: 'SA', label: 'Saudi Arabia', src: '/flags/SA.svg' } }
