import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
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

/** A navigation landmark; the active tab is marked as the current page. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Main' }))
    await expect(nav.getAllByRole('link')).toHaveLength(4)
    await expect(nav.getByRole('link', { name: /Match/ })).toHaveAttribute('aria-current', 'page')
  },
}
export const ManyUnread: Story = {
  args: {
    items: meta.args.items.map((item) => (item.key === 'messages' ? { ...item, badge: 140 } : item)),
  },
}
