import type { Meta, StoryObj } from '@storybook/react-vite'
import { BackIcon, CardsIcon, CloseIcon, GemIcon, GiftIcon, GlobeIcon, HistoryIcon, ImageIcon, ListIcon, MessagesIcon, SmileIcon, StarIcon, VideoIcon } from './icons'

const all = { CardsIcon, ListIcon, MessagesIcon, HistoryIcon, BackIcon, CloseIcon, GemIcon, GiftIcon, GlobeIcon, ImageIcon, SmileIcon, StarIcon, VideoIcon }

const meta = {
  title: 'UI/Icons',
  component: GemIcon,
  tags: ['autodocs'],
  args: { size: 24 },
} satisfies Meta<typeof GemIcon>

export default meta
type Story = StoryObj<typeof meta>

/** Every icon with its name; switch the language to Arabic or Hebrew to see BackIcon mirror. */
export const Gallery: Story = {
  render: (args) => (
    <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 24, listStyle: 'none', padding: 0 }}>
      {Object.entries(all).map(([name, Icon]) => (
        <li key={name} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }}>
          <Icon {...args} />
          <code>{name}</code>
        </li>
      ))}
    </ul>
  ),
}

export const Gem: Story = {}
