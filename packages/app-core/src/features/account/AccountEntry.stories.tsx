import type { Meta, StoryObj } from '@storybook/react-vite'
import { fakeServices } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { DEMO_PEOPLE, demoPerson, usersFakeApi } from '../../testing/usersFixtures'
import { AccountEntry } from './AccountEntry'

const user = { uid: '100001', jid: 'user_100001@localhost', vcToken: 'story-token', role: 2, nickName: 'Demo One', name: '' }
const signedIn = (gemsBalance: number | null, nickName = user.nickName) => ({
  auth: { user: { ...user, nickName } },
  account: { paid: true, gemsBalance, silverBalance: 0, silverSpent: 0 },
})

// Module-level so each story keeps one store across re-renders.
const withPhoto = fakeServices({
  api: usersFakeApi([demoPerson({ jid: user.jid, nickName: 'Demo One', avatarUrl: DEMO_PEOPLE.find((person) => person.avatarUrl)?.avatarUrl ?? '' })]),
})
const unnamed = fakeServices({ api: usersFakeApi([]) })
const states = { full: signedIn(1250), loading: signedIn(null), empty: signedIn(0, ''), opened: signedIn(500) }

/**
 * The account's door at the end of every signed-in header: the balance (opens the coin store) and
 * the user's own face (opens the personal home). Rendered by the real router over the goddess wall.
 */
const meta = {
  title: 'App/Account/AccountEntry',
  component: AccountEntry,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <StoryApp path="/goddess" preloadedState={states.full} services={withPhoto} />,
} satisfies Meta<typeof AccountEntry>

export default meta
type Story = StoryObj<typeof meta>

/** A named user with a photo and a balance. */
export const Full: Story = {}

/** The balance is not known yet: a dash holds its place. */
export const Loading: Story = { render: () => <StoryApp path="/goddess" preloadedState={states.loading} services={withPhoto} /> }

/** A new account: no gems, no name and no photo yet (a generic initial, never the account number). */
export const Empty: Story = { render: () => <StoryApp path="/goddess" preloadedState={states.empty} services={unnamed} /> }

/** The directory cannot be reached: the name the session holds stands in. */
export const Error: Story = {
  render: () => (
    <StoryApp
      path="/goddess"
      preloadedState={states.full}
      services={fakeServices({ api: { getUserProfiles: async () => Promise.reject(new globalThis.Error('Network Error')) } })}
    />
  ),
}

/** The balance opens the coin store as a dialog over the page (the unit tests check the dialog). */
export const StoreOpen: Story = {
  render: () => <StoryApp path="/goddess" preloadedState={states.opened} services={withPhoto} />,
  play: async ({ canvas, userEvent }) => {
    // Found by its place, not its words: the story runs in every language of the storybook projects.
    await userEvent.click(await canvas.findByText('500', { selector: 'button.vc-app-header__gems span' }))
  },
}
