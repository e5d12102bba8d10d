import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeServices, manualClock } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { discoverFakeApi, fakeAnchor, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'
import { profileJid } from './AnchorProfileScreen'

// Screens are lazy chunks: the first render waits for their import, which takes longer on a busy machine.

describe('AnchorProfileScreen (/anchorprofile)', () => {
  it('reads the host from ?jid= or ?uid=', () => {
    expect(profileJid(new URLSearchParams('jid=anchor_200001@localhost'), 'x')).toBe('anchor_200001@localhost')
    expect(profileJid(new URLSearchParams('uid=200002'), 'localhost')).toBe('anchor_200002@localhost')
    expect(profileJid(new URLSearchParams('jid=<script>'), 'localhost')).toBeNull()
  })

  it('shows photos, facts, price, presence and the actions', async () => {
    const user = userEvent.setup()
    const world = fakeDiscoverWorld(12)
    world.anchors[4] = fakeAnchor(5, { photos: ['https://img.example/p1.png'], birthday: '', about: '<b>not html</b>', country: 'JP', privateChatPrice: 60, onlineStatus: 'offline' })
    const api = discoverFakeApi(world)
    const changeRelation = vi.fn(api.changeRelation)
    const clock = manualClock(new Date(2025, 4, 14, 3, 0).getTime())
    const { router } = await renderApp({
      path: '/anchorprofile?jid=anchor_200005%40localhost',
      preloadedState: signedInAs(),
      services: fakeServices({ clock, api: { ...api, changeRelation } }),
    })
    expect(await screen.findByRole('heading', { name: 'Lucía 5' })).toBeInstanceOf(Element)
    expect((await screen.findByRole('img', { name: 'Photo 1 of Lucía 5' })).getAttribute('src')).toBe('https://img.example/p1.png?x-oss-process=image/resize,w_480')
    expect(screen.getByText('60 gems per minute')).toBeInstanceOf(Element)
    // Offline at 3:00 local time → sleeping (SPEC §1); unknown country → global flag; empty birthday → no age.
    expect(screen.getByText('Sleeping')).toBeInstanceOf(Element)
    expect(screen.getByRole('img', { name: 'Worldwide' })).toBeInstanceOf(Element)
    expect(screen.queryByText('Age')).toBeNull()
    expect(screen.getByText('<b>not html</b>')).toBeInstanceOf(Element)

    await user.click(screen.getByRole('button', { name: 'Like' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Liked' }).getAttribute('aria-pressed')).toBe('true'))
    expect(changeRelation).toHaveBeenCalledWith({ targetJid: 'anchor_200005@localhost', action: 'like' })
    await user.click(screen.getByRole('button', { name: 'Add to favourites' }))
    expect(await screen.findByRole('button', { name: 'In favourites' })).toBeInstanceOf(Element)
    await user.click(screen.getByRole('button', { name: 'Add friend' }))
    expect(await screen.findByRole('button', { name: 'Request sent' })).toBeInstanceOf(Element)
    await user.click(screen.getByRole('button', { name: "Tell me when she's online" }))
    expect(await screen.findByRole('button', { name: "You'll be told when she's online" })).toBeInstanceOf(Element)
    const actions = screen.getByRole('button', { name: 'Video call' }).parentElement as HTMLElement
    await user.click(within(actions).getByRole('button', { name: 'Video call' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/200005'))
  })

  it('shows the age from the birth date and plays the story line', async () => {
    const clock = manualClock(new Date(2025, 4, 14, 10, 0).getTime())
    const world = fakeDiscoverWorld(12)
    world.anchors[1] = fakeAnchor(2, { birthday: '2000-05-15' })
    await renderApp({ path: '/anchorprofile?uid=200002', preloadedState: signedInAs(), services: fakeServices({ clock, api: discoverFakeApi(world) }) })
    expect(await screen.findByRole('heading', { name: 'Priya 2' })).toBeInstanceOf(Element)
    expect(screen.getAllByText('24 years old').length).toBeGreaterThan(0)
    const story = await screen.findByRole('region', { name: 'Her story' })
    expect(within(story).getAllByRole('listitem')).toHaveLength(1)
    clock.tick(8000)
    await waitFor(() => expect(within(story).getAllByRole('listitem')).toHaveLength(2))
  })

  it('says a host does not exist (with a way to the wall) for an unknown jid or none, and offers a retry when the server cannot be reached', async () => {
    const user = userEvent.setup()
    const first = await renderApp({ path: '/anchorprofile?jid=anchor_9@localhost', preloadedState: signedInAs() })
    expect(await screen.findByRole('heading', { name: "This profile doesn't exist" })).toBeInstanceOf(Element)
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/goddess')
    await user.click(screen.getByRole('button', { name: 'Browse hosts' }))
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/goddess'))
    first.unmount()

    const none = await renderApp({ path: '/anchorprofile', preloadedState: signedInAs() })
    expect(await screen.findByRole('heading', { name: "This profile doesn't exist" })).toBeInstanceOf(Element)
    none.unmount()

    const offline = vi.fn(async () => Promise.reject(new Error('Network Error')))
    await renderApp({ path: '/anchorprofile?uid=200003', preloadedState: signedInAs(), services: fakeServices({ api: { getAnchorProfile: offline } }) })
    expect(await screen.findByRole('heading', { name: "We couldn't load this profile" })).toBeInstanceOf(Element)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInstanceOf(Element)
  })

  it('opens any host directly by her id, whatever list she is on (one question, no paging through lists)', async () => {
    const world = fakeDiscoverWorld(700)
    const api = discoverFakeApi(world)
    const getHotAnchors = vi.fn(api.getHotAnchors)
    const getAnchorProfile = vi.fn(api.getAnchorProfile)
    await renderApp({ path: '/anchorprofile?uid=200650', preloadedState: signedInAs(), services: fakeServices({ api: { ...api, getHotAnchors, getAnchorProfile } }) })
    expect(await screen.findByRole('heading', { level: 1, name: world.anchors[649]!.nickName })).toBeInstanceOf(Element)
    expect(getAnchorProfile).toHaveBeenCalledWith({ jid: 'anchor_200650@localhost' })
    expect(getHotAnchors).not.toHaveBeenCalled()
  })

  it("offers a club host's silver call beside the video call, with the calls left and the length", async () => {
    const user = userEvent.setup()
    const { router } = await renderApp({
      path: '/anchorprofile?uid=200008',
      preloadedState: { ...signedInAs(), account: { paid: true, gemsBalance: 500, silverBalance: 40, silverSpent: 0 } },
      services: fakeServices({ api: discoverFakeApi(fakeDiscoverWorld(12)) }),
    })
    expect(await screen.findByRole('heading', { name: 'Sara 8' })).toBeInstanceOf(Element)
    const silver = await screen.findByRole('button', { name: 'Silver call with Sara 8' })
    expect(silver.parentElement?.parentElement).toBe(screen.getByRole('button', { name: 'Video call' }).parentElement)
    await waitFor(() => expect(document.getElementById(silver.getAttribute('aria-describedby') ?? '')?.textContent).toBe('1 call left today · 30 s each'))
    await user.click(silver)
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/video/200008?tier=silver'))
  })

  it("disables a club host's silver call with the reason: balance short of her price, or none left today", async () => {
    const world = fakeDiscoverWorld(12)
    const short = await renderApp({
      path: '/anchorprofile?uid=200008',
      preloadedState: { ...signedInAs(), account: { paid: true, gemsBalance: 500, silverBalance: 9, silverSpent: 0 } },
      services: fakeServices({ api: discoverFakeApi(world) }),
    })
    const silver = await screen.findByRole('button', { name: 'Silver call with Sara 8' })
    // Her price (10 silver per minute) comes from the club list.
    await waitFor(() => expect(silver.hasAttribute('disabled')).toBe(true))
    expect(document.getElementById(silver.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      // The reason, then how silver is earned (the server's rule, from the config).
      'Not enough silver: 10 per minute, you have 9 Earn silver: every minute you pay in gems with a club host gives you 5 silver.',
    )
    short.unmount()
    await renderApp({
      path: '/anchorprofile?uid=200008',
      preloadedState: { ...signedInAs(), account: { paid: true, gemsBalance: 500, silverBalance: 90, silverSpent: 0 } },
      services: fakeServices({ api: { ...discoverFakeApi(world), getClubCallTimes: async () => ({ availableTimes: 0, totalTimes: 3, silverCallDuration: 30, resetCountdown: 10 }) } }),
    })
    const none = await screen.findByRole('button', { name: 'Silver call with Sara 8' })
    await waitFor(() => expect(none.hasAttribute('disabled')).toBe(true))
    expect(document.getElementById(none.getAttribute('aria-describedby') ?? '')?.textContent).toBe('No silver calls left today')
  })

  it('offers no silver call with a host outside the club', async () => {
    await renderApp({ path: '/anchorprofile?uid=200005', preloadedState: signedInAs(), services: fakeServices({ api: discoverFakeApi(fakeDiscoverWorld(12)) }) })
    expect(await screen.findByRole('button', { name: 'Video call' })).toBeInstanceOf(Element)
    expect(screen.queryByRole('button', { name: /^Silver call/ })).toBeNull()
  })
})
