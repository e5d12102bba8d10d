import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeServices, manualClock } from '../testing/fakeServices'
import { createTestI18n, renderApp } from '../testing/renderApp'
import { testBrandWithoutAuthRoutes } from '../testing/testBrand'

const signedIn = {
  auth: { user: { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo One', name: '' } },
  account: { gemsBalance: 500, paid: true },
}

/**
 * Every screen, popup and signed-in layer these tests open is a lazily imported module. The first import
 * of each transforms its whole module graph, which on a busy machine (the package's suites running side
 * by side) can outlast a `findBy` wait and land inside whichever test happens to open it first. They are
 * all imported once here, up front, with the i18n texts, so each test waits only on rendering.
 */
const LAZY_MODULES_LOAD_MS = 60_000
beforeAll(async () => {
  await Promise.all([
    createTestI18n(),
    import('../layout/PopupSheet'),
    import('../layout/signedInParts'),
    import('../features/auth/LoginScreen'),
    import('../features/match/MatchScreen'),
    import('../features/chat/MessageScreen'),
    import('../features/callrecord/CallRecordScreen'),
    import('../features/discover/GoddessScreen'),
    import('../features/club/ClubScreen'),
    import('../features/pages/DownloadScreen'),
    import('../features/pages/AccountOverlays'),
    import('../features/tasks/TaskScreen'),
    import('../features/wallet/PayResultScreen'),
    import('../features/wallet/CoinStore'),
    import('../features/profile/PersonalHomeScreen'),
    import('../features/system/MaintenanceOverlay'),
    import('../features/call/callThunks'),
  ])
}, LAZY_MODULES_LOAD_MS)

let scrollTo: ReturnType<typeof vi.fn>
beforeEach(() => {
  scrollTo = vi.fn()
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('auth guard', () => {
  it('opens the login popup for an auth route and continues there after login', async () => {
    const user = userEvent.setup({ delay: null })
    const { router } = await renderApp({ path: '/callrecord' })

    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInstanceOf(Element)
    expect(router.state.location.pathname).toBe('/login')

    await user.type(screen.getByLabelText('User ID'), '100001')
    await user.type(screen.getByLabelText('Password'), 'demo1234')
    await user.click(screen.getByRole('button', { name: 'Log in' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/callrecord'))
    expect(await screen.findByRole('heading', { name: 'Video history' })).toBeInstanceOf(Element)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("does not mount a visitor's guarded page behind the login popup: the landing page stands there, and nothing is asked of the server", async () => {
    const api = fakeServices().api
    const getHotAnchors = vi.fn(api.getHotAnchors)
    const getCallRecords = vi.fn(api.getCallRecords)
    await renderApp({ path: '/goddess', services: fakeServices({ api: { getHotAnchors, getCallRecords } }) })
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInstanceOf(Element)
    // The landing page is behind the popup (hidden from assistive technology while the popup is open).
    expect(await screen.findByRole('heading', { level: 1, name: 'Live video chat with people around the world', hidden: true })).toBeInstanceOf(Element)
    expect(getHotAnchors).not.toHaveBeenCalled()
    expect(screen.queryByText("We couldn't load this list")).toBeNull()
  })

  it('goes to /match after a login that was not asked for by the guard', async () => {
    const user = userEvent.setup({ delay: null })
    const { router } = await renderApp({ path: '/login' })
    await user.type(await screen.findByLabelText('User ID'), '100001')
    await user.type(screen.getByLabelText('Password'), 'demo1234')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/match'))
    // The match screen opens in a new sheet, which takes the focus (not left on the removed form).
    const sheet = await screen.findByRole('dialog', { name: 'Match' })
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true))
  })

  it('lets signed-in users through', async () => {
    const { router } = await renderApp({ path: '/message', preloadedState: signedIn })
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInstanceOf(Element)
    expect(router.state.location.pathname).toBe('/message')
  })

  it('respects the brand flags: /task is open in the second brand, guarded in the default one', async () => {
    const open = await renderApp({ path: '/task', brand: testBrandWithoutAuthRoutes })
    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeInstanceOf(Element)
    expect(open.router.state.location.pathname).toBe('/task')
    open.unmount()

    const guarded = await renderApp({ path: '/task' })
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInstanceOf(Element)
    expect(guarded.router.state.location.pathname).toBe('/login')
  })

  it('sends /messageSetup home where the brand has no such route', async () => {
    const { router } = await renderApp({ path: '/messageSetup', brand: testBrandWithoutAuthRoutes, preloadedState: signedIn })
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/messageSetup'))
  })
})

describe('popup routes', () => {
  it('falls back to the goddess wall behind a popup opened directly (the landing page for a visitor, whose wall needs a sign-in)', async () => {
    const signedInView = await renderApp({ path: '/silveranchor', preloadedState: signedIn })
    expect(await screen.findByRole('dialog', { name: 'Silver hosts' })).toBeInstanceOf(Element)
    await waitFor(() => expect(document.querySelector('.vc-app-background')?.textContent).toContain('Discover'))
    signedInView.unmount()

    await renderApp({ path: '/silveranchor' })
    expect(await screen.findByRole('dialog', { name: 'Silver hosts' })).toBeInstanceOf(Element)
    await waitFor(() => expect(document.querySelector('.vc-app-background')?.textContent).toContain('Live video chat with people around the world'))
  })

  it('keeps the earlier page visible behind a popup and returns to it on close', async () => {
    const user = userEvent.setup({ delay: null })
    const { router } = await renderApp({ path: '/download' })
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInstanceOf(Element)

    await act(() => router.navigate('/silveranchor', { state: { backgroundLocation: { pathname: '/download', search: '', hash: '' } } }))
    expect(await screen.findByRole('dialog', { name: 'Silver hosts' })).toBeInstanceOf(Element)
    expect(document.querySelector('.vc-app-background')?.textContent).toContain('About')

    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/download'))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("a page behind a popup reads its own address: a host's profile stays hers behind her call sheet", async () => {
    const { router } = await renderApp({ path: '/anchorprofile?jid=anchor_200001%40localhost', preloadedState: signedIn })
    const name = (await screen.findByRole('heading', { level: 1 })).textContent ?? ''
    expect(name).not.toBe('')
    await act(() => router.navigate('/video/200001', { state: { backgroundLocation: { pathname: '/anchorprofile', search: '?jid=anchor_200001%40localhost', hash: '' } } }))
    expect(await screen.findByRole('dialog', { name: 'Video call' })).toBeInstanceOf(Element)
    await waitFor(() => expect(document.querySelector('.vc-app-background h1')?.textContent).toBe(name))
    expect(document.querySelector('.vc-app-background')?.textContent).not.toContain("This profile doesn't exist")
  })

  it('opens the login popup over the landing page from its call-to-action', async () => {
    const user = userEvent.setup({ delay: null })
    const { router } = await renderApp({ path: '/' })
    await user.click(await screen.findByRole('link', { name: 'Log in to start' }))
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInstanceOf(Element)
    expect(router.state.location.pathname).toBe('/login')
    expect(document.querySelector('.vc-app-background')?.textContent).toContain('Live video chat with people around the world')
  })
})

describe('navigation', () => {
  it('scrolls to the top on every navigation', async () => {
    const { router } = await renderApp({ path: '/download' })
    await screen.findByRole('heading', { name: 'About' })
    const before = scrollTo.mock.calls.length
    await act(() => router.navigate('/onlinevideochat'))
    await act(() => router.navigate('/silveranchor'))
    expect(scrollTo.mock.calls.length).toBe(before + 2)
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0)
  })

  it('redirects signed-in visitors from / to /match', async () => {
    const { router } = await renderApp({ path: '/', preloadedState: signedIn })
    await waitFor(() => expect(router.state.location.pathname).toBe('/match'))
    // Greeted by the name the people directory gives the account (the fixtures call user 100001 "Demo").
    expect(await screen.findByText('Hi, Demo')).toBeInstanceOf(Element)
  })

  it('shows the landing page to visitors', async () => {
    await renderApp({ path: '/' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Live video chat with people around the world' })).toBeInstanceOf(Element)
  })

  it('marks the active tab', async () => {
    await renderApp({ path: '/message', preloadedState: signedIn })
    await screen.findByRole('heading', { name: 'Messages' })
    const nav = screen.getByRole('navigation', { name: 'Main navigation' })
    const current = nav.querySelector('[aria-current="page"]')
    expect(current?.textContent).toContain('Messages')
  })

  it('shows a top-level payment route outside the home layout', async () => {
    await renderApp({ path: '/payresult' })
    expect(await screen.findByRole('heading', { name: 'Payment', level: 1 })).toBeInstanceOf(Element)
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull()
  })
})

describe('match screen', () => {
  it('greets the user by the name they chose, with no account number, balance or log out on the screen', async () => {
    await renderApp({
      path: '/match',
      preloadedState: { ...signedIn, auth: { user: { ...signedIn.auth.user, uid: '264457001', jid: 'user_264457001@localhost' } } },
    })
    expect(await screen.findByRole('heading', { name: 'Find your match' })).toBeInstanceOf(Element)
    expect(screen.getByText('Hi, Demo One')).toBeInstanceOf(Element)
    expect(screen.queryByText(/264457001/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull()
  })

  it('greets no one rather than an account number when the user has no name yet', async () => {
    await renderApp({
      path: '/match',
      preloadedState: { ...signedIn, auth: { user: { ...signedIn.auth.user, uid: '264457001', jid: 'user_264457001@localhost', nickName: '' } } },
    })
    expect(await screen.findByRole('heading', { name: 'Find your match' })).toBeInstanceOf(Element)
    expect(screen.queryByText(/^Hi,/)).toBeNull()
    expect(screen.queryByText(/264457001/)).toBeNull()
  })
})

describe('account entry', () => {
  it('shows the balance, which opens the coin store, and the own face, which opens the personal home', async () => {
    const user = userEvent.setup({ delay: null })
    const { router } = await renderApp({ path: '/goddess', preloadedState: signedIn })
    const gems = await screen.findByRole('button', { name: 'Gems: 500. Buy gems' })
    await user.click(gems)
    expect(await screen.findByRole('dialog', { name: 'Buy gems' })).toBeInstanceOf(Element)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buy gems' })).toBeNull())

    await user.click(screen.getByRole('link', { name: 'My page' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalhome'))
  })

  it('is not there for a visitor, who gets the log-in link instead', async () => {
    await renderApp({ path: '/' })
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInstanceOf(Element)
    expect(screen.queryByRole('link', { name: 'My page' })).toBeNull()
  })
})

describe('maintenance', () => {
  const landingTitle = 'Live video chat with people around the world'

  function statusApi(initial: number) {
    const api = { status: initial, calls: 0 }
    const getMaintenanceStatus = async () => {
      api.calls += 1
      return { maintananceStatus: api.status }
    }
    return { api, getMaintenanceStatus }
  }

  it('makes no server call on the visitor landing page, not even after minutes', async () => {
    const clock = manualClock()
    const { api, getMaintenanceStatus } = statusApi(2)
    await renderApp({ path: '/', services: fakeServices({ clock, api: { getMaintenanceStatus } }) })
    await screen.findByRole('heading', { level: 1, name: landingTitle })
    await act(async () => {
      clock.tick(5 * 60_000)
    })
    expect(api.calls).toBe(0)
    expect(screen.queryByText("sorry we're under maintenance")).toBeNull()
  })

  it('checks when a visitor opens the login popup and covers the app during maintenance, until it ends', async () => {
    const user = userEvent.setup({ delay: null })
    const clock = manualClock()
    const { api, getMaintenanceStatus } = statusApi(2)
    await renderApp({ path: '/', services: fakeServices({ clock, api: { getMaintenanceStatus } }) })
    await user.click(await screen.findByRole('link', { name: 'Log in to start' }))

    expect(await screen.findByText("sorry we're under maintenance")).toBeInstanceOf(Element)
    expect(screen.getByText('we apologize for the inconvenience')).toBeInstanceOf(Element)
    expect(document.body.style.overflow).toBe('hidden')
    expect(api.calls).toBe(1)

    api.status = 1
    await act(async () => {
      clock.tick(60_000)
    })
    await waitFor(() => expect(screen.queryByText("sorry we're under maintenance")).toBeNull())
    expect(api.calls).toBe(2)
  })

  it('checks at start and every 60 s while signed in', async () => {
    const clock = manualClock()
    const { api, getMaintenanceStatus } = statusApi(1)
    await renderApp({ path: '/message', preloadedState: signedIn, services: fakeServices({ clock, api: { getMaintenanceStatus } }) })
    await screen.findByRole('heading', { name: 'Messages' })
    await waitFor(() => expect(api.calls).toBe(1))

    api.status = 2
    await act(async () => {
      clock.tick(60_000)
    })
    expect(await screen.findByText("sorry we're under maintenance")).toBeInstanceOf(Element)
    expect(api.calls).toBe(2)
  })

  it('re-checks on navigation at most once per 10 s, and stops when a visitor is back on the landing page', async () => {
    const clock = manualClock()
    const { api, getMaintenanceStatus } = statusApi(1)
    const { router } = await renderApp({ path: '/download', services: fakeServices({ clock, api: { getMaintenanceStatus } }) })
    await screen.findByRole('heading', { name: 'About' })
    await waitFor(() => expect(api.calls).toBe(1))

    await act(() => router.navigate('/silveranchor', { state: { backgroundLocation: { pathname: '/download', search: '', hash: '' } } }))
    await screen.findByRole('dialog', { name: 'Silver hosts' })
    expect(api.calls).toBe(1)

    await act(async () => {
      clock.tick(10_000)
    })
    await act(() => router.navigate('/download'))
    await waitFor(() => expect(api.calls).toBe(2))

    await act(() => router.navigate('/'))
    await screen.findByRole('heading', { level: 1, name: landingTitle })
    await act(async () => {
      clock.tick(120_000)
    })
    expect(api.calls).toBe(2)
  })
})
