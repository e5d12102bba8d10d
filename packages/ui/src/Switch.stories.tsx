import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { Switch } from './Switch'

const meta = {
  title: 'UI/Switch',
  component: Switch,
  tags: ['autodocs'],
  args: { label: 'Read receipts', checked: true, onChange: () => {} },
  render: function Render(args) {
    const [checked, setChecked] = useState(args.checked)
    return <Switch {...args} checked={checked} onChange={setChecked} />
  },
} satisfies Meta<typeof Switch>

export default meta
type Story = StoryObj<typeof meta>

export const On: Story = {}
export const Off: Story = { args: { checked: false } }
export const WithDescription: Story = { args: { description: 'Others see when you have read their messages.' } }
export const Disabled: Story = { args: { disabled: true } }
