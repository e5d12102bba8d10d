import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../app/AppProviders'
import { makeStore } from '../../app/store'
import type { NotificationPermissionState, PushNoticeView, PushService, Services } from '../../services/types'
import { fakeServices } from '../../testing/fakeServices'
import { createTestI18n } from '../../testing/renderApp'
import { NotificationCenter } from './NotificationCenter'
import { NOTIFICATION_PROMPT_KEY, NotificationPrompt } from './NotificationPrompt'
import { PUSH_NOTICE_MS, PushNotices } from './PushNotices'

/** A push service whose permission the browser answers with `answer`; notices are emitted by the test. */
function fakePush(initial: NotificationPermissionState, answer: NotificationPermissionState = 'granted') {
  let permission = initial
  const handlers = new Set<(notice: PushNoticeView) => void>()
  const push = {
    register: vi.fn(async () => {}),
    unregister: vi.fn(async () => {}),
    permission: () => permission,
    requestPermission: vi.fn(async () => {
      permission = answer
      // Like the real service: a grant runs the push token flow.
      if (answer === 'granted') await push.register()
      return answer
    }),
    onNotice(handler: (notice: PushNoticeView) => void) {
      handlers.add(handler)
      return () => void handlers.delete(handler)
    },
    emit: (notice: PushNoticeView) => handlers.forEach((handler) => handler(notice)),
  } satisfies PushService & { emit: unknown }
  return push
}

async function renderCenter(services: Services, ui = <NotificationPrompt />) {
  const i18n = await createTestI18n()
  return render(
    <AppProviders store={makeStore({ services })} services={services} i18n={i18n}>
      {ui}
    </AppProviders>,
  )
}

describe('notification permission prompt', () => {
  it('explains why, asks the browser from the click, runs the push token flow on grant, and is not shown again', async () => {
    const user = userEvent.setup()
    const push = fakePush('default', 'granted')
    const services = fakeServices({ push })
    const view = await renderCenter(services)
    const prompt = screen.getByRole('region', { name: "Don't miss a message" })
    expect(prompt.textContent).toContain(`${services.brand.displayName} lets you know when someone writes to you`)
    expect(push.register).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }))
    expect(push.requestPermission).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull())
    expect(push.register).toHaveBeenCalledTimes(1)
    expect(services.storage.local(NOTIFICATION_PROMPT_KEY).get()).toBe('granted')
    view.unmount()
    // A later page load (permission still reading 'default', e.g. the browser's prompt was closed): remembered.
    await renderCenter({ ...services, push: fakePush('default') })
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('a denial and "Not now" are remembered too', async () => {
    const user = userEvent.setup()
    const denied = fakeServices({ push: fakePush('default', 'denied') })
    const first = await renderCenter(denied)
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }))
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull())
    expect(denied.storage.local(NOTIFICATION_PROMPT_KEY).get()).toBe('denied')
    first.unmount()

    const later = fakeServices({ push: fakePush('default') })
    await renderCenter(later)
    await user.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('region')).toBeNull()
    expect(later.storage.local(NOTIFICATION_PROMPT_KEY).get()).toBe('later')
  })

  it('is not shown when push is unsupported (no API, iOS, no brand push ids) or already decided in the browser', async () => {
    for (const state of ['unsupported', 'granted', 'denied'] as const) {
      const view = await renderCenter(fakeServices({ push: fakePush(state) }))
      expect(screen.queryByRole('region')).toBeNull()
      view.unmount()
    }
  })
})

describe('notification center (every signed-in route)', () => {
  it('registers push for a permission granted earlier, and shows no prompt of its own', async () => {
    const push = fakePush('granted')
    await renderCenter(fakeServices({ push }), <NotificationCenter />)
    expect(push.register).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('region')).toBeNull()
  })
})

describe('foreground push notices', () => {
  it('shows the latest message as a text notice that leaves on its own', async () => {
    const push = fakePush('granted')
    const timers: { callback: () => void; ms: number }[] = []
    const setTimer = (callback: () => void, ms: number) => {
      timers.push({ callback, ms })
      return () => {}
    }
    await renderCenter(fakeServices({ push }), <PushNotices setTimer={setTimer} />)
    expect(screen.queryByRole('status')).toBeNull()
    act(() => push.emit({ from: 'anchor_200001@localhost', type: 0, avatarUrl: '', content: '<b>Hi</b> there' }))
    expect(screen.getByRole('status').textContent).toBe('<b>Hi</b> there')
    expect(document.querySelector('b')).toBeNull()
    act(() => push.emit({ from: 'anchor_200002@localhost', type: 13, avatarUrl: '', content: '  ' }))
    expect(screen.getByRole('status').textContent).toBe('You have a new notification')
    expect(timers.at(-1)?.ms).toBe(PUSH_NOTICE_MS)
    act(() => timers.at(-1)?.callback())
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('stops listening when it leaves (logout)', async () => {
    const push = fakePush('granted')
    const view = await renderCenter(fakeServices({ push }), <PushNotices />)
    view.unmount()
    expect(() => push.emit({ from: 'a', type: 0, avatarUrl: '', content: 'late' })).not.toThrow()
  })
})
