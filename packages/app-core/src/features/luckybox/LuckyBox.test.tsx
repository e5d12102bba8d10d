import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { demoConfig, fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'

// Screens are lazy chunks: the first render waits for their import, which takes longer on a busy machine.

const withConfig = (enableLuckyBox: boolean) => {
  const info = structuredClone(demoConfig)
  info.mainInfo.commonConfig.enableLuckyBox = enableLuckyBox
  return { ...signedInAs(), config: { info }, account: { paid: true, gemsBalance: 500, silverBalance: 0, silverSpent: 0 } }
}

describe('lucky box (switch enableLuckyBox)', () => {
  it('opens a ready box, shows the reward panel and reads the balance again', async () => {
    const user = userEvent.setup()
    const world = fakeDiscoverWorld(12)
    const getAccount = vi.fn(async () => ({ paid: true, gemsBalance: world.gemsBalance, silverBalance: 0, silverSpent: 0 }))
    const { store } = await renderApp({ path: '/goddess', preloadedState: withConfig(true), services: fakeServices({ api: { ...discoverFakeApi(world), getAccount } }) })
    await user.click(await screen.findByRole('button', { name: 'Lucky box' }))
    const dialog = await screen.findByRole('dialog', { name: 'Lucky box' })
    // The fake world (like the seeded demo user) has a like and a match: all three are ready.
    const welcome = await within(dialog).findByText('Welcome box')
    const row = welcome.closest('li') as HTMLElement
    expect(row.getAttribute('data-status')).toBe('ready')
    expect(within(row).getByText('Gems: 5–20')).toBeInstanceOf(Element)
    await user.click(within(row).getByRole('button', { name: 'Open' }))

    const reward = await within(dialog).findByTestId('luckybox-reward')
    expect(within(reward).getByText('Lucky you!')).toBeInstanceOf(Element)
    expect(within(reward).getByText('Gems won: 13')).toBeInstanceOf(Element)
    expect(within(reward).getByText('Your balance: 513')).toBeInstanceOf(Element)
    await waitFor(() => expect(store.getState().account.gemsBalance).toBe(513))
    expect(getAccount).toHaveBeenCalled()

    // Back to the boxes: the welcome box now reads opened with what it paid.
    await user.click(within(reward).getByRole('button', { name: 'Great!' }))
    const opened = (await within(dialog).findByText('Welcome box')).closest('li') as HTMLElement
    expect(opened.getAttribute('data-status')).toBe('opened')
    expect(within(opened).getByText('Opened')).toBeInstanceOf(Element)
    expect(within(opened).getByText('Gems won: 13')).toBeInstanceOf(Element)
    expect(within(opened).queryByRole('button', { name: 'Open' })).toBeNull()
  })

  it('has no entry while the switch is off, as preloaded or as the server says', async () => {
    const off = withConfig(false)
    const getConfig = vi.fn(async () => structuredClone(off.config.info))
    const { unmount } = await renderApp({ path: '/goddess', preloadedState: off, services: fakeServices({ api: { getConfig } }) })
    expect(await screen.findByRole('heading', { name: 'Discover' })).toBeInstanceOf(Element)
    expect(screen.getByRole('link', { name: 'Exclusive girls' })).toBeInstanceOf(Element)
    expect(screen.queryByRole('button', { name: 'Lucky box' })).toBeNull()
    unmount()
    // Not loaded yet: no entry; the server's config switches it off.
    await renderApp({ path: '/goddess', preloadedState: signedInAs(), services: fakeServices({ api: { getConfig } }) })
    expect(await screen.findByRole('heading', { name: 'Discover' })).toBeInstanceOf(Element)
    expect(screen.queryByRole('button', { name: 'Lucky box' })).toBeNull()
    await waitFor(() => expect(getConfig).toHaveBeenCalled())
    expect(screen.queryByRole('button', { name: 'Lucky box' })).toBeNull()
  })

  it('shows locked boxes, an error with a retry, and a failed opening', async () => {
    const user = userEvent.setup()
    let fail = true
    const world = fakeDiscoverWorld(12)
    world.relations.clear()
    const api = discoverFakeApi(world)
    const services = fakeServices({
      api: {
        ...api,
        getLuckyBoxInfo: async () => {
          if (fail) throw new Error('Network Error')
          return api.getLuckyBoxInfo()
        },
        openLuckyBox: async () => Promise.reject(new Error('the backend request error')),
      },
    })
    await renderApp({ path: '/goddess', preloadedState: withConfig(true), services })
    await user.click(await screen.findByRole('button', { name: 'Lucky box' }))
    const dialog = await screen.findByRole('dialog', { name: 'Lucky box' })
    expect(await within(dialog).findByRole('heading', { name: "We couldn't load the lucky box" })).toBeInstanceOf(Element)
    fail = false
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    const like = (await within(dialog).findByText('Like your first host')).closest('li') as HTMLElement
    expect(like.getAttribute('data-status')).toBe('locked')
    expect(within(like).getByText('Locked')).toBeInstanceOf(Element)
    await user.click(within(dialog).getByRole('button', { name: 'Open' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe("The box didn't open. Please try again.")
  })
})
