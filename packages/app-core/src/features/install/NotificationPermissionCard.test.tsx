import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../app/AppProviders'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { createTestI18n } from '../../testing/renderApp'
import { NotificationPermissionCard } from './InstallPrompts'
import type { BrowserEnvironment } from './installEnvironment'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

async function renderCard(env: BrowserEnvironment, register = vi.fn(async () => {})) {
  const services = fakeServices({ push: { register } })
  const i18n = await createTestI18n()
  render(
    <AppProviders store={makeStore({ services })} services={services} i18n={i18n}>
      <Suspense fallback={null}>
        <NotificationPermissionCard env={env} />
      </Suspense>
    </AppProviders>,
  )
  return register
}

describe('notification permission on the settings screen', () => {
  it('reads the browser, asks from the click, and a grant runs the push token flow at once', async () => {
    let permission = 'default'
    const env: BrowserEnvironment = {
      navigator: { userAgent: CHROME },
      Notification: {
        get permission() {
          return permission
        },
        requestPermission: async () => (permission = 'granted'),
      },
    }
    const register = await renderCard(env)
    expect(await screen.findByText("Turn on notifications so you don't miss messages and calls.")).toBeInstanceOf(HTMLElement)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Turn on notifications' }))
    expect(await screen.findByText('Notifications are on for this browser.')).toBeInstanceOf(HTMLElement)
    expect(register).toHaveBeenCalledTimes(1)
  })

  it('a denial is shown and registers nothing', async () => {
    let permission = 'default'
    const env: BrowserEnvironment = {
      navigator: { userAgent: CHROME },
      Notification: {
        get permission() {
          return permission
        },
        requestPermission: async () => (permission = 'denied'),
      },
    }
    const register = await renderCard(env)
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Turn on notifications' }))
    expect(await screen.findByText("Notifications are blocked. Allow them in your browser's site settings.")).toBeInstanceOf(HTMLElement)
    expect(register).not.toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull()
  })
})
