import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Button } from './Button'
import { Sheet } from './Sheet'
import { TextField } from './TextField'

const meta = {
  title: 'UI/Sheet',
  component: Sheet,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 560 } } },
  args: {
    open: true,
    title: 'Log in',
    closeLabel: 'Close',
    size: 'md',
    onClose: () => undefined,
  },
} satisfies Meta<typeof Sheet>

export default meta
type Story = StoryObj<typeof meta>

const loginForm = (
  <form style={{ display: 'grid', gap: 16 }} onSubmit={(e) => e.preventDefault()}>
    <TextField label="User ID" name="uid" inputMode="numeric" autoComplete="username" />
    <TextField label="Password" name="password" type="password" autoComplete="current-password" />
    <Button type="submit" block>
      Log in
    </Button>
  </form>
)

export const LoginForm: Story = { args: { children: loginForm } }
export const Small: Story = {
  args: { size: 'sm', title: 'Coming soon', children: <p>This feature is on its way.</p> },
}

/** Open and close it to see focus move in, stay inside on Tab, and return to the button. */
export const Interactive: Story = {
  render: function Render(args) {
    const [open, setOpen] = useState(false)
    return (
      <div style={{ padding: 24 }}>
        <Button onClick={() => setOpen(true)}>Open sheet</Button>
        <Sheet {...args} open={open} onClose={() => setOpen(false)}>
          {loginForm}
        </Sheet>
      </div>
    )
  },
  play: async ({ canvasElement }) => {
    const opener = within(canvasElement).getByRole('button', { name: 'Open sheet' })
    await userEvent.click(opener)
    // The sheet is portalled to the body, outside the story's canvas.
    const dialog = await within(document.body).findByRole('dialog', { name: 'Log in' })
    const page = within(dialog)
    await waitFor(() => expect(page.getByRole('textbox', { name: 'User ID' })).toHaveFocus())
    // Tab stays inside: from the last control it wraps to the close button.
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.tab()
    await expect(page.getByRole('button', { name: 'Close' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull())
    await expect(opener).toHaveFocus()
  },
}
