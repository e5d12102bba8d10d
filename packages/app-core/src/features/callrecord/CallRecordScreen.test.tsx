import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import type { VideoCallRecord } from '../../services/types'
import { DEMO_NOW, callRecordsApi, manyCallRecords, memoryVideoCalls } from '../../testing/callRecordFixtures'

const USER = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }
const signedIn = { auth: { user: USER } }
async function rows(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'Past calls' })
  return within(list).getAllByRole('listitem')
}

describe('/callrecord (video history)', () => {
  it("lists the server's calls newest first with direction, status, duration and what was charged", async () => {
    await renderApp({ path: '/callrecord', preloadedState: signedIn })
    expect(await screen.findByRole('heading', { name: 'Video history' })).toBeInstanceOf(Element)
    const [answered, declined, missed, free, silver, cancelled] = await rows()
    // Named as the people directory names her (the record's own name is only a fallback).
    expect(answered!.textContent).toContain('Mia')
    expect(answered!.textContent).toContain('Outgoing')
    expect(answered!.textContent).toContain('Completed')
    expect(answered!.textContent).toContain('Duration 01:35')
    expect(answered!.textContent).toContain('120 gems')
    expect(declined!.textContent).toContain('Declined')
    expect(declined!.textContent).not.toContain('Duration')
    expect(missed!.textContent).toContain('Incoming')
    expect(missed!.textContent).toContain('Missed')
    expect(free!.textContent).toContain('Free call')
    expect(silver!.textContent).toContain('Silver call')
    expect(silver!.textContent).toContain('25 silver coins')
    expect(cancelled!.textContent).toContain('Cancelled')
  })

  it('tapping a host opens the profile; "Call again" opens the call to that host', async () => {
    const { router } = await renderApp({ path: '/callrecord', preloadedState: signedIn })
    const [first] = await rows()
    const again = within(first!).getByRole('button', { name: 'Call again' })
    expect(again.getAttribute('aria-describedby')).toBe(within(first!).getByText('Mia').id)
    fireEvent.click(again)
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/200001'))
    await router.navigate('/callrecord')
    const [row] = await rows()
    fireEvent.click(within(row!).getByRole('button', { name: 'Mia' }))
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/anchorprofile?jid=anchor_200001%40localhost'))
  })

  it('adds the calls this browser recorded that the server does not list, and one row per call', async () => {
    const local: VideoCallRecord[] = [
      // Known to the server too (same sid): shown once, with the server's charges.
      { vid: 'sid-0', sid: 'sid-0', caller: USER.jid, callee: 'anchor_200001@localhost', startTime: DEMO_NOW, connectingTime: DEMO_NOW + 4_000, endTime: DEMO_NOW + 99_000, reason: 'hangup' },
      // Refused at once (no sid): only here.
      { vid: 'local-1', caller: USER.jid, callee: 'anchor_200007@localhost', startTime: DEMO_NOW + 60_000, endTime: DEMO_NOW + 61_000, reason: 'Gems insufficient' },
      // Another user's call on this browser: not shown.
      { vid: 'other', caller: 'user_100002@localhost', callee: 'anchor_200001@localhost', startTime: DEMO_NOW + 120_000, reason: 'hangup' },
    ]
    const services = fakeServices({ db: memoryVideoCalls(local) })
    await renderApp({ path: '/callrecord', services, preloadedState: signedIn })
    const list = await rows()
    expect(list).toHaveLength(7)
    // A call recorded here carries no name: the directory gives it, never "User 200007".
    expect(list[0]!.textContent).toContain('Noor 7')
    expect(list[0]!.textContent).not.toContain('200007')
    expect(list[0]!.textContent).toContain('Failed')
    expect(list[1]!.textContent).toContain('120 gems')
  })

  it('shows the local calls with a notice when the server cannot be reached, and retries', async () => {
    let fail = true
    const local: VideoCallRecord[] = [{ vid: 'sid-x', sid: 'sid-x', caller: USER.jid, callee: 'anchor_200002@localhost', startTime: DEMO_NOW, connectingTime: DEMO_NOW + 1_000, endTime: DEMO_NOW + 31_000, reason: 'hangup' }]
    const api = callRecordsApi(manyCallRecords(3))
    const services = fakeServices({
      db: memoryVideoCalls(local),
      api: { getCallRecords: async (request) => (fail ? Promise.reject(new Error('offline')) : api.getCallRecords(request)) },
    })
    await renderApp({ path: '/callrecord', services, preloadedState: signedIn })
    expect((await screen.findByRole('alert')).textContent).toContain('Only the calls made on this device are shown')
    expect(await rows()).toHaveLength(1)
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(async () => expect(await rows()).toHaveLength(4))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('an error state with retry when neither source can be read', async () => {
    const services = fakeServices({
      db: { listVideoCalls: async () => Promise.reject(new Error('blocked')) },
      api: { getCallRecords: async () => Promise.reject(new Error('offline')) },
    })
    await renderApp({ path: '/callrecord', services, preloadedState: signedIn })
    expect(await screen.findByText('Your video history could not be loaded')).toBeInstanceOf(Element)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInstanceOf(Element)
  })

  it('an empty state that leads to the hosts', async () => {
    const services = fakeServices({ api: { getCallRecords: async () => ({ list: [], nextCursor: null }) } })
    const { router } = await renderApp({ path: '/callrecord', services, preloadedState: signedIn })
    expect(await screen.findByText('No calls yet')).toBeInstanceOf(Element)
    fireEvent.click(screen.getByRole('button', { name: 'Find someone to call' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/goddess'))
  })

  it('a long history is virtualised and pages in from the server as the end comes near', async () => {
    const pages: (string | undefined)[] = []
    const api = callRecordsApi(manyCallRecords(200))
    const services = fakeServices({
      api: {
        getCallRecords: async (request) => {
          pages.push(request.cursor)
          return api.getCallRecords(request)
        },
      },
    })
    await renderApp({ path: '/callrecord', services, preloadedState: signedIn })
    const shown = await rows()
    expect(shown.length).toBeLessThan(30)
    expect(shown[0]!.getAttribute('aria-setsize')).toBe('30')
    expect(pages).toEqual([undefined])
  })

  it('a further page that fails is not asked again by itself while the end is in view: Try again asks once', async () => {
    const asked: (string | undefined)[] = []
    let failMore = true
    const api = callRecordsApi(manyCallRecords(40))
    const services = fakeServices({
      api: {
        getCallRecords: async (request) => {
          asked.push(request.cursor)
          if (request.cursor !== undefined && failMore) throw new Error('offline')
          // A short first page, so its end is in view at once.
          return request.cursor === undefined ? { list: (await api.getCallRecords({ size: 5 })).list, nextCursor: '5' } : api.getCallRecords(request)
        },
      },
    })
    await renderApp({ path: '/callrecord', services, preloadedState: signedIn })
    expect((await screen.findByRole('alert')).textContent).toContain('Only the calls made on this device are shown')
    // Every render since could have asked again; none did.
    await act(async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve()
    })
    expect(asked).toEqual([undefined, '5'])
    failMore = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(asked.slice(0, 3)).toEqual([undefined, '5', '5'])
  })
})
