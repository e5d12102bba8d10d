import type { Meta, StoryObj } from '@storybook/react-vite'
import { Logo } from './Logo'

const sampleLogo =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32"><rect width="120" height="32" rx="8" fill="#5b3cc4"/><text x="60" y="22" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">vchat</text></svg>',
  )

const meta = {
  title: 'UI/Logo',
  component: Logo,
  tags: ['autodocs'],
  args: { src: sampleLogo, alt: 'vchat' },
} satisfies Meta<typeof Logo>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const Large: Story = { args: { height: 64 } }
