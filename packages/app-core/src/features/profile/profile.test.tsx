import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { blockedState, signedInState } from '../../testing/accountTestState'
import { fakeServices, manualClock } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'

describe('profile', () => {

  it('edits the profile: uploads the avatar with progress and saves only what changed', async () => {
    const user = userEvent.setup()
    let progress: ((p: { loaded: number; total: number; progress: number }) => void) | undefined
    let finish: () => void = () => {}
    const uploadImage = vi.fn(async (request: { onProgress?: (p: { loaded: number; total: number; progress: number }) => void }) => {
      progress = request.onProgress
      await new Promise<void>((resolve) => (finish = resolve))
      return { url: '/files/uploads/0123456789abcdef0123456789abcdef.png' }
    })
    const updatePersonalInfo = vi.fn(async (changes: object) => ({ ...(await fakeServices().api.getPersonalInfo()), ...changes }))
    await renderApp({ path: '/editprofile', preloadedState: signedInState(), services: fakeServices({ api: { uploadImage, updatePersonalInfo }, clock: manualClock(Date.UTC(2026, 0, 1)) }) })
    const input = (await screen.findByLabelText('Change photo')) as HTMLInputElement
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }))
    expect(uploadImage).toHaveBeenCalled()
    progress?.({ loaded: 1, total: 4, progress: 0.25 })
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Uploading photo' }).getAttribute('aria-valuenow')).toBe('25'))
    finish()
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull())
    expect(updatePersonalInfo).toHaveBeenCalledWith({ avatarUrl: '/files/uploads/0123456789abcdef0123456789abcdef.png' })

    await user.click(screen.getByLabelText('Female'))
    await user.selectOptions(screen.getByLabelText('Country'), 'DE')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(updatePersonalInfo).toHaveBeenLastCalledWith({ gender: 'female', country: 'DE' }))
    expect(await screen.findByText('Profile saved')).toBeInstanceOf(Element)
  })

  it('refuses a wrong file type and an empty name', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const updatePersonalInfo = vi.fn()
    await renderApp({ path: '/editprofile', preloadedState: signedInState(), services: fakeServices({ api: { updatePersonalInfo } }) })
    await user.upload((await screen.findByLabelText('Change photo')) as HTMLInputElement, new File(['x'], 'me.txt', { type: 'text/plain' }))
    expect(screen.getByText('Choose a PNG, JPEG, GIF or WebP image')).toBeInstanceOf(Element)
    await user.clear(screen.getByLabelText('Name'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Enter a name of 1 to 32 characters')).toBeInstanceOf(Element)
    expect(updatePersonalInfo).not.toHaveBeenCalled()
  })

  it('personal home shows the profile, age, balance and support', async () => {
    await renderApp({ path: '/personalhome', preloadedState: signedInState() })
    expect(await screen.findByText('I like travelling and music.')).toBeInstanceOf(Element)
    expect(screen.getByText('User ID 100001')).toBeInstanceOf(Element)
    // The brand's address, whatever the server says (one backend may serve several brands).
    expect(await screen.findByText('support@vchat.example.com')).toBeInstanceOf(Element)
  })

  it('personal home is the hub: every account screen by a link, the coin store, and log out', async () => {
    const user = userEvent.setup()
    const { router, store } = await renderApp({ path: '/personalhome', preloadedState: signedInState() })
    const hub = await screen.findByRole('navigation', { name: 'Profile and account' })
    const links = within(hub).getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(links).toEqual(['/editprofile', '/paymenthistory', '/friendreq', '/club', '/task', '/settings', '/languagesettings'])
    for (const name of ['Edit profile', 'Payment history', 'Friend requests', 'Silver club', 'Settings', 'Language']) {
      expect(within(hub).getByRole('link', { name })).toBeInstanceOf(Element)
    }
    // The tasks row carries the red dot while a reward waits (the fixture has one).
    expect(within(within(hub).getByRole('link', { name: /^Tasks/ })).getByTestId('red-dot')).toBeInstanceOf(Element)
    await user.click(within(hub).getByRole('button', { name: /Buy gems/ }))
    expect(await screen.findByRole('dialog', { name: 'Buy gems' })).toBeInstanceOf(Element)
    await user.click(screen.getByRole('button', { name: 'Close' }))

    await user.click(within(hub).getByRole('link', { name: 'Settings' }))
    await screen.findByRole('heading', { level: 1, name: 'Settings' })
    // Back returns to the page the user came from.
    await user.click(screen.getByRole('link', { name: 'Back' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalhome'))

    await user.click(await screen.findByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(store.getState().auth.user).toBeNull()
  })

  it('a screen opened directly has a back control up to its parent', async () => {
    await renderApp({ path: '/deletemessagesettings', preloadedState: signedInState() })
    await screen.findByRole('heading', { level: 1, name: 'Delete messages' })
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/settings')
  })

  it('the complete-profile panel follows completeUserInfoCheck and closes', async () => {
    const user = userEvent.setup()
    await renderApp({ path: '/goddess', preloadedState: signedInState({ auth: { completeUserInfoCheck: true } }) })
    const panel = await screen.findByRole('dialog', { name: 'Complete your profile' })
    expect(panel).toBeInstanceOf(Element)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Complete your profile' })).toBeNull())
  })

  it('a blocked account sees why and is kept out of chat', async () => {
    const { router } = await renderApp({ path: '/message', preloadedState: blockedState('Spam reports') })
    expect(await screen.findByTestId('blocked-guard')).toBeInstanceOf(Element)
    expect(screen.getByText('Reason: Spam reports')).toBeInstanceOf(Element)
    await userEvent.click(screen.getByRole('button', { name: 'Go to my profile' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalhome'))
    expect(await screen.findByTestId('blocked-notice')).toBeInstanceOf(Element)
    expect(screen.queryByTestId('blocked-guard')).toBeNull()
  })
})
