import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PersonalInfo, UpdatePersonalInfoRequest } from '@vchat/api-client'
import { demoPersonalInfo } from '../../testing/accountFixtures'
import { makeStore } from '../../app/store'
import { MESSAGE_RETENTION_STORAGE_KEY, SETTINGS_STORAGE_KEY } from '../../constants'
import { signedInState } from '../../testing/accountTestState'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { testBrand } from '../../testing/testBrand'
import { applyAppearance } from './appearance'
import {
  changeMessageRetention,
  changeSettings,
  DEFAULT_SETTINGS,
  syncAccountSettings,
  loadSettings,
  notificationPolicy,
  sanitizeSettings,
  selectNotificationPolicy,
  selectSendReadReceipts,
  selectShowTranslation,
} from './settingsSlice'

afterEach(() => {
  delete document.documentElement.dataset.colorScheme
  delete document.documentElement.dataset.bordered
})

describe('settings', () => {
  it('defaults: translation on, read receipts on, dark look', () => {
    expect(DEFAULT_SETTINGS.show_translate).toBe('on')
    expect(sanitizeSettings(null)).toEqual(DEFAULT_SETTINGS)
    expect(sanitizeSettings({ darkMode: 'yes', show_translate: 'maybe', readReceipt: false, extra: 1 })).toEqual({ ...DEFAULT_SETTINGS, readReceipt: false })
  })

  it('persists changes and reads them back; selectors follow', async () => {
    const services = fakeServices()
    const store = makeStore({ services })
    await store.dispatch(changeSettings({ readReceipt: false, show_translate: 'off', keepNotifications: true }))
    expect(services.storage.local(SETTINGS_STORAGE_KEY).get()).toMatchObject({ readReceipt: false, show_translate: 'off' })
    expect(selectSendReadReceipts(store.getState())).toBe(false)
    expect(selectShowTranslation(store.getState())).toBe(false)
    expect(selectNotificationPolicy(store.getState())).toEqual({ requireInteraction: true })
    const again = makeStore({ services })
    await again.dispatch(loadSettings())
    expect(again.getState().settings.values.show_translate).toBe('off')
  })

  it("a sign-in takes the account's settings from the server: they replace this device's, and are kept here", async () => {
    const getPersonalInfo = vi.fn(async (): Promise<PersonalInfo> => ({ ...demoPersonalInfo, settings: { readReceipt: false, show_translate: 'off', messageRetentionDays: 7 } }))
    const updatePersonalInfo = vi.fn(async (request: UpdatePersonalInfoRequest): Promise<PersonalInfo> => ({ ...demoPersonalInfo, settings: request.settings ?? {} }))
    const services = fakeServices({ api: { getPersonalInfo, updatePersonalInfo } })
    // This device had dark mode off (a device setting: it stays) and read receipts on.
    services.storage.local(SETTINGS_STORAGE_KEY).set({ ...DEFAULT_SETTINGS, darkMode: false })
    const store = makeStore({ services, preloadedState: signedInState() })
    await store.dispatch(syncAccountSettings()).unwrap()
    expect(store.getState().settings.values).toEqual({ ...DEFAULT_SETTINGS, darkMode: false, readReceipt: false, show_translate: 'off' })
    expect(store.getState().settings.messageRetentionDays).toBe(7)
    expect(services.storage.local(SETTINGS_STORAGE_KEY).get()).toMatchObject({ readReceipt: false, darkMode: false })
    expect(services.storage.local(MESSAGE_RETENTION_STORAGE_KEY).get()).toBe(7)
    // The server had every choice this device made: nothing to send.
    expect(updatePersonalInfo).not.toHaveBeenCalled()
  })

  it('a choice made on this device before settings followed the account is sent up, not lost', async () => {
    const updatePersonalInfo = vi.fn(async (request: UpdatePersonalInfoRequest): Promise<PersonalInfo> => ({ ...demoPersonalInfo, settings: request.settings ?? {} }))
    const services = fakeServices({ api: { getPersonalInfo: async () => ({ ...demoPersonalInfo, settings: { lastSeen: false } }), updatePersonalInfo } })
    services.storage.local(SETTINGS_STORAGE_KEY).set({ ...DEFAULT_SETTINGS, readReceipt: false, darkMode: false })
    const store = makeStore({ services, preloadedState: signedInState() })
    await store.dispatch(syncAccountSettings()).unwrap()
    expect(store.getState().settings.values).toMatchObject({ readReceipt: false, lastSeen: false, darkMode: false })
    expect(updatePersonalInfo).toHaveBeenCalledWith({ settings: { readReceipt: false } })
  })

  it("a change while signed in goes to the account (device settings stay here); a failed write keeps it here", async () => {
    const updatePersonalInfo = vi.fn(async (request: UpdatePersonalInfoRequest): Promise<PersonalInfo> => ({ ...demoPersonalInfo, settings: request.settings ?? {} }))
    const services = fakeServices({ api: { updatePersonalInfo } })
    const store = makeStore({ services, preloadedState: signedInState() })
    await store.dispatch(changeSettings({ readReceipt: false, darkMode: false }))
    expect(updatePersonalInfo).toHaveBeenLastCalledWith({ settings: { readReceipt: false } })
    await store.dispatch(changeSettings({ borderedTheme: true }))
    expect(updatePersonalInfo).toHaveBeenCalledTimes(1)
    await store.dispatch(changeMessageRetention(30))
    expect(updatePersonalInfo).toHaveBeenLastCalledWith({ settings: { messageRetentionDays: 30 } })

    updatePersonalInfo.mockRejectedValueOnce(new Error('Network Error'))
    await store.dispatch(changeSettings({ lastSeen: false }))
    expect(store.getState().settings.values.lastSeen).toBe(false)
    expect(services.storage.local(SETTINGS_STORAGE_KEY).get()).toMatchObject({ lastSeen: false })
  })

  it('notifications obey allow and keep', () => {
    expect(notificationPolicy({ allowNotifications: false, keepNotifications: true })).toBeNull()
    expect(notificationPolicy({ allowNotifications: true, keepNotifications: false })).toEqual({ requireInteraction: false })
  })

  it('applies dark mode and the bordered theme as root attributes', () => {
    const target = { dataset: {} as DOMStringMap }
    applyAppearance({ darkMode: false, borderedTheme: true }, target)
    expect(target.dataset).toEqual({ colorScheme: 'light', bordered: 'true' })
  })

  it("the account's settings arriving from the server while the screen is open change the switches without a \"saved\" the user did not ask for", async () => {
    const services = fakeServices({ api: { getPersonalInfo: async () => ({ ...demoPersonalInfo, settings: { lastSeen: false } }) } })
    const { store } = await renderApp({ path: '/settings', services, preloadedState: signedInState() })
    const lastSeen = await screen.findByRole('switch', { name: 'Show when I was last online' })
    expect(lastSeen.getAttribute('aria-checked')).toBe('true')
    await store.dispatch(syncAccountSettings()).unwrap()
    await waitFor(() => expect(lastSeen.getAttribute('aria-checked')).toBe('false'))
    expect(screen.queryByText('Settings saved')).toBeNull()
  })

  it('the cookie choice in settings applies at once (consent changes, the banner stays away) and is not sent to the account', async () => {
    const user = userEvent.setup()
    const updatePersonalInfo = vi.fn(async (request: UpdatePersonalInfoRequest): Promise<PersonalInfo> => ({ ...demoPersonalInfo, settings: request.settings ?? {} }))
    const services = fakeServices({ consent: 'all', api: { updatePersonalInfo } })
    await renderApp({ path: '/settings', services, preloadedState: signedInState() })
    const choice = await screen.findByRole('switch', { name: 'Analytics and attribution' })
    expect(choice.getAttribute('aria-checked')).toBe('true')
    await user.click(choice)
    expect(services.consent.get()).toBe('necessary')
    expect(choice.getAttribute('aria-checked')).toBe('false')
    await user.click(choice)
    expect(services.consent.get()).toBe('all')
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
    expect(updatePersonalInfo).not.toHaveBeenCalled()
  })

  it('the settings screen toggles, persists and changes the look', async () => {
    const user = userEvent.setup()
    const { services } = await renderApp({ path: '/settings', preloadedState: signedInState() })
    const dark = await screen.findByRole('switch', { name: 'Dark mode' })
    await waitFor(() => expect(document.documentElement.dataset.colorScheme).toBe('dark'))
    await user.click(dark)
    expect(document.documentElement.dataset.colorScheme).toBe('light')
    await user.click(screen.getByRole('switch', { name: 'Bordered theme' }))
    expect(document.documentElement.dataset.bordered).toBe('true')
    await user.click(screen.getByRole('switch', { name: 'Allow notifications' }))
    expect(screen.getByRole('switch', { name: 'Keep notifications on screen' })).toHaveProperty('disabled', true)
    expect(services.storage.local(SETTINGS_STORAGE_KEY).get()).toMatchObject({ darkMode: false, borderedTheme: true, allowNotifications: false })
    expect(await screen.findByText('Settings saved')).toBeInstanceOf(Element)
    for (const name of ['Show when I was last online', 'Read receipts', 'Allow invitations to groups', 'Accept private messages', 'Show translations']) {
      expect(screen.getByRole('switch', { name })).toBeInstanceOf(Element)
    }
    expect(screen.queryByRole('link', { name: 'Message settings' })).toBeInstanceOf(Element)
  })

  it('/messageSetup exists only where the brand has it', async () => {
    await renderApp({ path: '/settings', preloadedState: signedInState(), brand: { ...testBrand, routes: { ...testBrand.routes, messageSetup: false } } })
    await screen.findByRole('switch', { name: 'Dark mode' })
    expect(screen.queryByRole('link', { name: 'Message settings' })).toBeNull()
  })

  it('the language screen lists the 15 native names and switches', async () => {
    await renderApp({ path: '/languagesettings', preloadedState: signedInState() })
    const radios = await screen.findAllByRole('radio')
    expect(radios).toHaveLength(15)
    expect(screen.getByLabelText('العربية')).toBeInstanceOf(Element)
    expect(screen.getByLabelText('English')).toHaveProperty('checked', true)
  })

  it('the delete-messages screen stores how long messages are kept', async () => {
    const user = userEvent.setup()
    const { store, services } = await renderApp({ path: '/deletemessagesettings', preloadedState: signedInState() })
    await user.click(await screen.findByLabelText('After 7 days'))
    expect(store.getState().settings.messageRetentionDays).toBe(7)
    expect(services.storage.local('vchat:message-retention').get()).toBe(7)
  })
})
