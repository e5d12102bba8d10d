import type { Meta, StoryObj } from '@storybook/react-vite'
import { Avatar } from './Avatar'

const picture = `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#8a5cf6"/><circle cx="48" cy="38" r="18" fill="#fff"/><rect x="18" y="62" width="60" height="34" rx="17" fill="#fff"/></svg>')}`

const meta = {
  title: 'UI/Avatar',
  component: Avatar,
  tags: ['autodocs'],
  args: { src: picture, name: 'Lina', size: 64 },
} satisfies Meta<typeof Avatar>

export default meta
type Story = StoryObj<typeof meta>

export const WithImage: Story = {}
export const Initial: Story = { args: { src: '' } }
export const Small: Story = { args: { size: 32 } }
