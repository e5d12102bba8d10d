import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AnchorListRequest } from '@vchat/api-client'
import { fakeServices, manualClock } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { PRESENCE_POLL_MS } from '../../constants'
import { fakeAnchors } from '../../testing/discoverFixtures'
import { columnsFor } from './GoddessScreen'
import { signedInAs } from '../../testing/testState'

// Screens are lazy chunks: the first render waits for their import, which takes longer on a busy machine.

const pageOf = (total: number) => async ({ page, size }: AnchorListRequest) => {
  const all = fakeAnchors(total).map((anchor) => ({ ...anchor, avatarUrl: `https://img.example/${anchor.uid}.png` }))
  return { list: all.slice((page - 1) * size, page * size), page, size, total, hasMore: page * size < total }
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

afterEach(() => setVisibility('visible'))

describe('GoddessScreen (/goddess)', () => {
  it('shows skeletons, then a virtualised wall of 480 px pictures', async () => {
    const getHotAnchors = vi.fn(pageOf(2000))
    await renderApp({ path: '/goddess', preloadedState: signedInAs(), services: fakeServices({ api: { getHotAnchors } }) })
    expect(await screen.findByTestId('wall-skeleton')).toBeInstanceOf(Element)
    const rows = await screen.findByTestId('wall-rows')
    expect(rows.getAttribute('data-count')).toBe('50')
    const cards = rows.querySelectorAll('.vc-anchor-card')
    // Only the rows in view (plus overscan) are in the document.
    expect(cards.length).toBeGreaterThan(0)
    expect(cards.length).toBeLessThan(50)
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe('https://img.example/200001.png?x-oss-process=image/resize,w_480')
    expect(cards[0]?.getAttribute('href')).toBe('/anchorprofile?jid=anchor_200001%40localhost')
  })

  it('filters by language and switches lists', async () => {
    const user = userEvent.setup()
    const getHotAnchors = vi.fn(pageOf(10))
    const getNewAnchors = vi.fn(pageOf(3))
    await renderApp({ path: '/goddess', preloadedState: signedInAs(), services: fakeServices({ api: { getHotAnchors, getNewAnchors } }) })
    await screen.findByTestId('wall-rows')
    const languages = screen.getByRole('tablist', { name: 'Language' })
    expect(within(languages).getAllByRole('tab').map((tab) => tab.textContent)).toHaveLength(7)
    await user.click(within(languages).getAllByRole('tab')[2] as HTMLElement)
    await waitFor(() => expect(getHotAnchors).toHaveBeenLastCalledWith({ page: 1, size: 50, language: 'ar' }))
    await user.click(screen.getByRole('tab', { name: 'New' }))
    await waitFor(() => expect(getNewAnchors).toHaveBeenCalledWith({ page: 1, size: 50, language: 'ar' }))
  })

  it('shows the error with a retry, then the hosts', async () => {
    const user = userEvent.setup()
    let fail = true
    const ok = pageOf(4)
    const getHotAnchors = vi.fn(async (request: AnchorListRequest) => {
      if (fail) throw new Error('Network Error')
      return ok(request)
    })
    await renderApp({ path: '/goddess', preloadedState: signedInAs(), services: fakeServices({ api: { getHotAnchors } }) })
    expect(await screen.findByRole('heading', { name: "We couldn't load the hosts" })).toBeInstanceOf(Element)
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect((await screen.findByTestId('wall-rows')).getAttribute('data-count')).toBe('4')
  })

  it('says so when a list is empty', async () => {
    await renderApp({ path: '/goddess', preloadedState: signedInAs(), services: fakeServices({ api: { getHotAnchors: pageOf(0) } }) })
    expect(await screen.findByRole('heading', { name: 'No hosts here yet' })).toBeInstanceOf(Element)
  })

  it('keeps presence live while visible and pauses while the tab is hidden', async () => {
    const clock = manualClock()
    const getMultiOnlineStatus = vi.fn(async ({ jids }: { jids: string[] }) => ({ statusList: jids.map((jid) => ({ jid, onlineStatus: 'busy' as const })) }))
    await renderApp({ path: '/goddess', preloadedState: signedInAs(), services: fakeServices({ clock, api: { getHotAnchors: pageOf(4), getMultiOnlineStatus } }) })
    await screen.findByTestId('wall-rows')
    await waitFor(() => expect(getMultiOnlineStatus).toHaveBeenCalledTimes(1))
    expect((await screen.findAllByText('In a call')).length).toBe(4)
    act(() => clock.tick(PRESENCE_POLL_MS))
    expect(getMultiOnlineStatus).toHaveBeenCalledTimes(2)
    act(() => setVisibility('hidden'))
    act(() => clock.tick(PRESENCE_POLL_MS * 3))
    expect(getMultiOnlineStatus).toHaveBeenCalledTimes(2)
    act(() => setVisibility('visible'))
    expect(getMultiOnlineStatus).toHaveBeenCalledTimes(3)
  })

  it('is not mounted behind the login popup for a visitor: the landing page stands there and nothing is asked', async () => {
    const getHotAnchors = vi.fn(pageOf(4))
    const getContactPopupInfo = vi.fn(async () => ({ show: false, anchor: null, greeting: '', showAfterSeconds: 0 }))
    await renderApp({ path: '/login', services: fakeServices({ api: { getHotAnchors, getContactPopupInfo } }) })
    expect(await screen.findByRole('dialog')).toBeInstanceOf(Element)
    expect(await screen.findByRole('heading', { level: 1, name: 'Live video chat with people around the world', hidden: true })).toBeInstanceOf(Element)
    expect(screen.queryByTestId('wall-skeleton')).toBeNull()
    expect(getHotAnchors).not.toHaveBeenCalled()
    expect(getContactPopupInfo).not.toHaveBeenCalled()
  })

  it("suggests an online host after the server's delay, and holds the suggestion while another screen stands over the wall", async () => {
    const clock = manualClock()
    const [anchor] = fakeAnchors(1)
    const getContactPopupInfo = vi.fn(async () => ({ show: true, anchor: anchor ?? null, greeting: 'Hi there', showAfterSeconds: 30 }))
    const { router } = await renderApp({
      path: '/match',
      preloadedState: signedInAs(),
      services: fakeServices({ clock, api: { getHotAnchors: pageOf(4), getContactPopupInfo } }),
    })
    const suggestion = `${anchor?.nickName} is online`
    // The match deck (a call, a sign-in) is over the wall: nothing is asked, nothing covers its controls.
    await screen.findByTestId('wall-skeleton')
    act(() => clock.tick(60_000))
    expect(getContactPopupInfo).not.toHaveBeenCalled()
    expect(screen.queryByRole('dialog', { name: suggestion })).toBeNull()
    await act(() => router.navigate('/goddess'))
    await waitFor(() => expect(getContactPopupInfo).toHaveBeenCalledTimes(1))
    act(() => clock.tick(29_000))
    expect(screen.queryByRole('dialog', { name: suggestion })).toBeNull()
    act(() => clock.tick(1_000))
    expect(await screen.findByRole('dialog', { name: suggestion })).toBeInstanceOf(Element)
    expect(screen.getByText('Hi there')).toBeInstanceOf(Element)
  })

  it('lays out 2 columns on phones and up to 5 on wide screens', () => {
    expect(columnsFor(360)).toBe(2)
    expect(columnsFor(800)).toBe(3)
    expect(columnsFor(1100)).toBe(4)
    expect(columnsFor(1600)).toBe(5)
  })
})
