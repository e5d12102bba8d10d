import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { COOKIE_CONSENT_STORAGE_KEY } from '../../constants'
import { demoWebsiteConfig } from '../../testing/accountFixtures'
import { signedInState } from '../../testing/accountTestState'
import { fakeServices } from '../../testing/fakeServices'
import { createTestI18n, renderApp } from '../../testing/renderApp'
import { ChatNoticeMessage } from './ChatNoticeMessage'
import { safeMigrationUrl } from './DomainScreen'

describe('small pages', () => {
  it('the cookie banner shows until a choice and remembers it', async () => {
    const user = userEvent.setup()
    const services = fakeServices({ consent: null })
    const first = await renderApp({ path: '/', services })
    const banner = await screen.findByRole('region', { name: 'Cookie consent' })
    await user.click(screen.getByRole('button', { name: 'Cookies privacy' }))
    expect(await screen.findByRole('dialog', { name: 'Cookies privacy' })).toBeInstanceOf(Element)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await user.click(screen.getByRole('button', { name: 'Only necessary' }))
    expect(banner.isConnected).toBe(false)
    expect(services.storage.local(COOKIE_CONSENT_STORAGE_KEY).get()).toBe('necessary')
    first.unmount()
    await renderApp({ path: '/', services })
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
  })

  it('the cookies page, opened from the banner, holds the choice itself: turning analytics on answers the banner', async () => {
    const user = userEvent.setup()
    const services = fakeServices({ consent: null })
    await renderApp({ path: '/', services })
    const banner = await screen.findByRole('region', { name: 'Cookie consent' })
    await user.click(screen.getByRole('button', { name: 'Cookies privacy' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cookies privacy' })
    const choice = within(dialog).getByRole('switch', { name: 'Analytics and attribution' })
    expect(choice.getAttribute('aria-checked')).toBe('false')
    await user.click(choice)
    expect(services.consent.get()).toBe('all')
    expect(choice.getAttribute('aria-checked')).toBe('true')
    expect(banner.isConnected).toBe(false)
  })

  it('a screen starts with the visitor\'s consent in fake services, and asks the services to register the service worker', async () => {
    const register = vi.fn(async () => false)
    await renderApp({ path: '/', services: { ...fakeServices(), serviceWorker: { register } } })
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
    expect(register).toHaveBeenCalledTimes(1)
  })

  it('/download shows appDownloadInfo and the install guide; the static pages open', async () => {
    const user = userEvent.setup()
    await renderApp({ path: '/download' })
    expect(await screen.findByRole('link', { name: 'Download for Android' })).toHaveProperty('href', demoWebsiteConfig.appDownloadInfo.androidUrl)
    expect(screen.getByText('Install the app and get 30 gems')).toBeInstanceOf(Element)
    expect(screen.getByText('Bookmark this page')).toBeInstanceOf(Element)
    await user.click(screen.getByRole('button', { name: 'Privacy policy' }))
    const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' })
    expect(dialog.textContent).toContain('What we collect')
  })

  it('/download says so when the app is not offered, and retries after an error', async () => {
    const user = userEvent.setup()
    const getWebsiteConfig = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValue({ ...demoWebsiteConfig, appDownloadInfo: { ...demoWebsiteConfig.appDownloadInfo, enabled: false } })
    await renderApp({ path: '/download', services: fakeServices({ api: { getWebsiteConfig } }) })
    await user.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No app to download')).toBeInstanceOf(Element)
  })

  it('/domain shows the migration target or that this address is current', async () => {
    expect(safeMigrationUrl('new.example.com')).toBe('https://new.example.com/')
    expect(safeMigrationUrl('javascript:alert(1)')).toBeNull()
    expect(safeMigrationUrl('')).toBeNull()
    await renderApp({ path: '/domain', preloadedState: signedInState(), services: fakeServices({ api: { getWebsiteConfig: async () => ({ ...demoWebsiteConfig, migrateDomain: 'new.example.com' }) } }) })
    expect(await screen.findByRole('link', { name: 'Go to new.example.com' })).toHaveProperty('href', 'https://new.example.com/')
  })

  it('the chat notice shows text as text, or the standard wording', async () => {
    const i18n = await createTestI18n()
    render(
      <I18nextProvider i18n={i18n}>
        <ChatNoticeMessage kind="violation" text="<b>hidden</b>" />
        <ChatNoticeMessage kind="maintenance" />
      </I18nextProvider>,
    )
    await waitFor(() => expect(screen.getByText('<b>hidden</b>')).toBeInstanceOf(Element))
    expect(screen.getByText('Messaging is under maintenance. Please try again later.')).toBeInstanceOf(Element)
    expect(screen.getAllByRole('note')).toHaveLength(2)
  })
})
