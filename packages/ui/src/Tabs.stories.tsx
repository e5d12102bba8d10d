import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { Tabs } from './Tabs'

const languages = [
  { key: 'all', label: 'All' },
  { key: 'en', label: 'English' },
  { key: 'ar', label: 'العربية' },
  { key: 'hi', label: 'हिन्दी' },
  { key: 'tr', label: 'Türkçe' },
  { key: 'fr', label: 'Français' },
  { key: 'es', label: 'Español' },
]

function LanguageTabs() {
  const [value, setValue] = useState('all')
  return <Tabs label="Language" items={languages} value={value} onChange={setValue} />
}

const meta = {
  title: 'UI/Tabs',
  component: LanguageTabs,
  tags: ['autodocs'],
} satisfies Meta<typeof LanguageTabs>

export default meta
type Story = StoryObj<typeof meta>

export const Languages: Story = {}
