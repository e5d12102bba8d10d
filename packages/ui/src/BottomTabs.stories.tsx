import type { Meta, StoryObj } from '@storybook/react-vite'
import { BottomTabs } from './BottomTabs'
import { CardsIcon, HistoryIcon, ListIcon, MessagesIcon } from './icons'

const meta = {
  title: 'UI/BottomTabs',
  component: BottomTabs,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    label: 'Main',
    items: [
      { key: 'match', label: 'Match', href: '#match', icon: <CardsIcon />, active: true },
      { key: 'discover', label: 'Discover', href: '#goddess', icon: <ListIcon />, active: false },
      { key: 'messages', label: 'Messages', href: '#message', icon: <MessagesIcon />, active: false, badge: 3 },
      { key: 'history', label: 'History', href: '#callrecord', icon: <HistoryIcon />, active: false },
    ],
  },
} satisfies Meta<typeof BottomTabs>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const ManyUnread: Story = {
  args: {
    items: meta.args.items.map((item) => (item.key === 'messages' ? { ...item, badge: 140 } : item)),
  },
}
