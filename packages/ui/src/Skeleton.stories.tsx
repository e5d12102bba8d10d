import type { Meta, StoryObj } from '@storybook/react-vite'
import { Skeleton } from './Skeleton'

const meta = {
  title: 'UI/Skeleton',
  component: Skeleton,
  tags: ['autodocs'],
  args: { inlineSize: '160px', blockSize: '200px' },
} satisfies Meta<typeof Skeleton>

export default meta
type Story = StoryObj<typeof meta>

export const Block: Story = {}
export const Circle: Story = { args: { shape: 'circle', inlineSize: '48px', blockSize: '48px' } }
export const Text: Story = { args: { shape: 'text', inlineSize: '12rem', blockSize: undefined } }
