import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { UploadImageRequest } from '@vchat/api-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { demoLoginResponse, fakeServices, manualClock } from '../../testing/fakeServices'
import type { FakeServicesOptions } from '../../testing/fakeServices'
import { fakeChatService } from '../../testing/fakeChat'
import type { FakeChatOptions } from '../../testing/fakeChat'
import { renderApp } from '../../testing/renderApp'
import { ME, MIA, demoMessage, demoMessages, demoThreads } from './fixtures'

const signedIn = (gemsBalance = 500, paid = true) => ({
  auth: {
    user: { uid: '100001', jid: ME, vcToken: 'token-100001', role: 2, nickName: '', name: '' },
    componentInfo: demoLoginResponse.componentInfo,
  },
  account: { paid, gemsBalance },
})

function setup(chatOptions: FakeChatOptions = {}, extra: Omit<FakeServicesOptions, 'chat'> = {}) {
  const chat = fakeChatService({ threads: demoThreads, messages: demoMessages, ...chatOptions })
  const services = fakeServices({ ...extra, chat })
  return { chat, services }
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'me.png', { type: 'image/png' })

/** A fake object-URL API (jsdom has none): numbered blob: URLs, and which of them are still held. */
function fakeObjectUrls() {
  let made = 0
  const live = new Set<string>()
  const revoked: string[] = []
  const api = {
    createObjectURL: vi.fn(() => {
      made += 1
      const url = `blob:preview-${made}`
      live.add(url)
      return url
    }),
    revokeObjectURL: vi.fn((url: string) => {
      live.delete(url)
      revoked.push(url)
    }),
  }
  return { api, live, revoked }
}

describe('composer: photos', () => {
  let urls: ReturnType<typeof fakeObjectUrls>
  const realCreate = URL.createObjectURL
  const realRevoke = URL.revokeObjectURL
  beforeEach(() => {
    urls = fakeObjectUrls()
    Object.assign(URL, urls.api)
  })
  afterEach(() => {
    Object.assign(URL, { createObjectURL: realCreate, revokeObjectURL: realRevoke })
  })

  it('uploads a picked photo with progress on its thumbnail, then sends the image message', async () => {
    const user = userEvent.setup()
    let finish: (url: string) => void = () => {}
    let report: UploadImageRequest['onProgress']
    const uploadImage = vi.fn((request: UploadImageRequest) => {
      report = request.onProgress
      return new Promise<{ url: string }>((resolve) => {
        finish = (url) => resolve({ url })
      })
    })
    const { chat, services } = setup({ messages: [] }, { api: { uploadImage } })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn() })
    await user.upload(await screen.findByLabelText('Attach a photo', { selector: 'input' }), png())
    const preview = await screen.findByRole('img', { name: 'Photo being sent' })
    expect(preview.getAttribute('src')).toBe('blob:preview-1')
    act(() => report?.({ loaded: 3, total: 6, progress: 0.5 }))
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('50')
    expect(uploadImage).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'me.png' }))
    expect(urls.revoked).toEqual([])
    await act(async () => finish('http://localhost:8787/files/uploads/0123456789abcdef0123456789abcdef.png'))
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Photo being sent' })).toBeNull())
    // The sent image shows the image host's URL; the local preview is released.
    expect(urls.revoked).toEqual(['blob:preview-1'])
    expect(urls.live.size).toBe(0)
    expect(chat.sent).toEqual([
      {
        to: MIA,
        content: '',
        type: 2,
        attachment: { url: 'http://localhost:8787/files/uploads/0123456789abcdef0123456789abcdef.png', thumbUrl: 'http://localhost:8787/files/uploads/0123456789abcdef0123456789abcdef.png', payNeed: false, payPrice: 0 },
      },
    ])
    expect(await screen.findByRole('img', { name: 'Photo' })).toBeInstanceOf(Element)
  })

  it('refuses a file of another type or over 5 MB before uploading, with a clear message', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const uploadImage = vi.fn()
    const { services } = setup({}, { api: { uploadImage } })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn() })
    const input = await screen.findByLabelText('Attach a photo', { selector: 'input' })
    await user.upload(input, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a PNG, JPEG, GIF or WebP image.')
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })
    await user.upload(input, big)
    expect((await screen.findByRole('alert')).textContent).toBe('This photo is larger than 5 MB. Choose a smaller one.')
    expect(uploadImage).not.toHaveBeenCalled()
  })

  it('a failed upload releases its preview and offers Retry; Retry shows a new preview, sends it and releases that too', async () => {
    const user = userEvent.setup()
    let finish: (url: string) => void = () => {}
    const uploadImage = vi
      .fn()
      .mockRejectedValueOnce(new Error('Network Error'))
      .mockImplementationOnce(() => new Promise<{ url: string }>((resolve) => (finish = (url) => resolve({ url }))))
    const { chat, services } = setup({ messages: [] }, { api: { uploadImage } })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn() })
    await user.upload(await screen.findByLabelText('Attach a photo', { selector: 'input' }), png())
    expect((await screen.findByRole('alert')).textContent).toBe('The photo could not be sent.')
    expect(chat.sent).toEqual([])
    expect(urls.revoked).toEqual(['blob:preview-1'])
    expect(screen.queryByRole('img', { name: 'Photo being sent' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect((await screen.findByRole('img', { name: 'Photo being sent' })).getAttribute('src')).toBe('blob:preview-2')
    await act(async () => finish('/files/uploads/abcdefabcdefabcdefabcdefabcdefab.png'))
    await waitFor(() => expect(chat.sent).toHaveLength(1))
    expect(uploadImage).toHaveBeenCalledTimes(2)
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Photo being sent' })).toBeNull())
    expect(urls.revoked).toEqual(['blob:preview-1', 'blob:preview-2'])
    expect(urls.live.size).toBe(0)
  })

  it('removing a failed upload drops it; leaving the chat releases the preview of an upload still running', async () => {
    const user = userEvent.setup()
    const uploadImage = vi.fn().mockRejectedValueOnce(new Error('Network Error')).mockImplementation(() => new Promise<never>(() => {}))
    const { services } = setup({ messages: [] }, { api: { uploadImage } })
    const { unmount, store } = await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn() })
    const input = await screen.findByLabelText('Attach a photo', { selector: 'input' })
    await user.upload(input, png())
    await user.click(await screen.findByRole('button', { name: 'Remove' }))
    expect(store.getState().chatUploads?.uploads).toEqual([])

    await user.upload(input, png())
    expect((await screen.findByRole('img', { name: 'Photo being sent' })).getAttribute('src')).toBe('blob:preview-2')
    expect(urls.live).toEqual(new Set(['blob:preview-2']))
    unmount()
    expect(urls.live.size).toBe(0)
    expect(urls.revoked).toEqual(['blob:preview-1', 'blob:preview-2'])
    // The upload carries on, without a preview to show when the thread is opened again.
    expect(store.getState().chatUploads?.uploads).toEqual([expect.objectContaining({ status: 'uploading', previewUrl: '' })])
  })
})

describe('composer: stickers', () => {
  it('sends a bundled sticker as a sticker message', async () => {
    const user = userEvent.setup()
    const { chat, services } = setup({ messages: [] })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn() })
    await user.click(await screen.findByRole('button', { name: 'Stickers' }))
    await user.click(within(screen.getByRole('group', { name: 'Stickers' })).getByRole('button', { name: 'Send sticker 🌹' }))
    expect(chat.sent).toEqual([{ to: MIA, content: '', type: 6, attachment: { id: 'bundled:rose', name: '🌹', thumbUrl: '' } }])
    expect(await screen.findByRole('img', { name: 'Sticker 🌹' })).toBeInstanceOf(Element)
  })
})

describe('gift panel', () => {
  it('lists the gifts from the server; buying one charges gems through GiftBuy, updates the balance and shows the gift', async () => {
    const user = userEvent.setup()
    const events: NonNullable<FakeServicesOptions['events']> = []
    const { chat, services } = setup({ messages: [] }, { events })
    const { store } = await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    await user.click(await screen.findByRole('button', { name: 'Gifts' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send a gift' })
    expect(within(dialog).getByText('Your balance: 500 gems')).toBeInstanceOf(Element)
    await user.click(await within(dialog).findByRole('button', { name: 'Rose, 50 gems' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(chat.bought).toEqual([{ to: MIA, gift: 'rose', price: 50 }])
    expect(store.getState().account.gemsBalance).toBe(450)
    expect(chat.sent).toEqual([{ to: MIA, content: '', type: 13, attachment: expect.objectContaining({ id: 'rose', gemsPrice: 50, title: 'Rose' }) }])
    expect(await screen.findByText('Gift: Rose (50 gems)')).toBeInstanceOf(Element)
    expect(events).toContainEqual({ event: 'gift_send', properties: { gift: 'rose', price: 50, asked: false } })
  })

  it('not enough gems: says so and offers the coin store; nothing is charged', async () => {
    const user = userEvent.setup()
    const { chat, services } = setup({ messages: [], gemsBalance: 10 })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(10) })
    await user.click(await screen.findByRole('button', { name: 'Gifts' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send a gift' })
    await user.click(await within(dialog).findByRole('button', { name: 'Heart, 20 gems' }))
    expect(within(dialog).getByRole('alert').textContent).toContain("You don't have enough gems for this.")
    expect(chat.bought).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Get gems' }))
    expect(await screen.findByRole('dialog', { name: 'Buy gems' })).toBeInstanceOf(Element)
  })

  it("the component's gems-insufficient answer and an 'xmpp send iq error' are both shown", async () => {
    const user = userEvent.setup()
    // The stored balance says enough, the gift component says otherwise.
    const poor = setup({ messages: [], gemsBalance: 0 })
    await renderApp({ path: `/message?with=${MIA}`, services: poor.services, preloadedState: signedIn(500) })
    await user.click(await screen.findByRole('button', { name: 'Gifts' }))
    await user.click(await screen.findByRole('button', { name: 'Rose, 50 gems' }))
    expect((await screen.findByRole('alert')).textContent).toContain("You don't have enough gems for this.")
  })

  it("a failed GiftBuy ('xmpp send iq error') says the gift was not sent", async () => {
    const user = userEvent.setup()
    const { chat, services } = setup({ messages: [], failGiftBuy: true })
    const { store } = await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    await user.click(await screen.findByRole('button', { name: 'Gifts' }))
    await user.click(await screen.findByRole('button', { name: 'Rose, 50 gems' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The gift could not be sent. Check your connection and try again.')
    expect(chat.sent).toEqual([])
    expect(store.getState().account.gemsBalance).toBe(500)
  })

  it('gift list loading failure offers a retry', async () => {
    const user = userEvent.setup()
    const getGiftList = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ list: [] })
    const { services } = setup({ messages: [] }, { api: { getGiftList } })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn() })
    await user.click(await screen.findByRole('button', { name: 'Gifts' }))
    expect(await screen.findByText('Gifts could not be loaded')).toBeInstanceOf(Element)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No gifts are available right now.')).toBeInstanceOf(Element)
  })

  it('an ask-gift card offers its gift; after buying, the card is marked sent', async () => {
    const user = userEvent.setup()
    const { chat, services } = setup()
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    await user.click(await screen.findByRole('button', { name: 'Send this gift' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send the gift you were asked for' })
    expect(within(dialog).getAllByRole('button', { name: /gems?$/ })).toHaveLength(1)
    await user.click(within(dialog).getByRole('button', { name: 'Heart, 20 gems' }))
    expect(await screen.findByText('Gift sent')).toBeInstanceOf(Element)
    expect(chat.bought).toEqual([{ to: MIA, gift: 'heart', price: 20, askGiftMid: 'm5' }])
    expect(screen.queryByRole('button', { name: 'Send this gift' })).toBeNull()
  })
})

describe('paid images', () => {
  // The message names the photo; only the signed URL the server answers on unlock opens it.
  const PHOTO = '/files/private/200001_1.svg'
  const PREVIEW = '/files/private-previews/200001_1.svg'
  const VIEW = 'http://127.0.0.1:8787/files/private/200001_1.svg?exp=1700000600000&sig=first'
  const srcs = () => [...document.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '')

  it('a paid image shows its placeholder and price, never the photo; unlocking spends gems and shows it through its signed URL', async () => {
    const user = userEvent.setup()
    const unlockImage = vi.fn().mockResolvedValue({ url: PHOTO, unlocked: true, reason: 'none', price: 30, gemsBalance: 470, viewUrl: VIEW })
    const { services } = setup({}, { api: { unlockImage } })
    const { store } = await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    expect(await screen.findByText('Private photo – unlock for 30 gems')).toBeInstanceOf(Element)
    expect(srcs()).toContain(PREVIEW)
    expect(srcs().some((src) => src.includes('/files/private/'))).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Unlock for 30 gems' }))
    await waitFor(() => expect(screen.queryByText('Private photo – unlock for 30 gems')).toBeNull())
    expect(unlockImage).toHaveBeenCalledWith({ url: PHOTO, anchorJid: MIA, price: 30 })
    const messages = screen.getByRole('list', { name: 'Messages with Mia' })
    expect(within(messages).getByRole('img', { name: 'Photo' }).getAttribute('src')).toBe(VIEW)
    expect(store.getState().account.gemsBalance).toBe(470)
  })

  it("a price in the message that is not the server's charges nothing: the real price is shown and the next tap pays that", async () => {
    const user = userEvent.setup()
    // The host's message says 1 gem; the server's price is 30 (chatFakeApi, like the local backend).
    const cheap = demoMessages.map((m) => (m.mid === 'm3' ? { ...m, attachment: { ...(m.attachment as object), payPrice: 1 } } : m))
    const { services } = setup({ messages: cheap })
    const unlock = vi.spyOn(services.api, 'unlockImage')
    const { store } = await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    await user.click(await screen.findByRole('button', { name: 'Unlock for 1 gem' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This photo costs 30 gems. Tap Unlock to pay that.')
    expect(store.getState().account.gemsBalance).toBe(500)
    await user.click(screen.getByRole('button', { name: 'Unlock for 30 gems' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Unlock for/ })).toBeNull())
    expect(unlock.mock.calls.map(([request]) => request.price)).toEqual([1, 30])
    expect(store.getState().account.gemsBalance).toBe(470)
  })

  it('an unlocked image is saved on its stored message; after a reload it shows through a fresh signed URL, not charged again', async () => {
    const user = userEvent.setup()
    const unlockImage = vi.fn().mockResolvedValue({ url: PHOTO, unlocked: true, reason: 'none', price: 30, gemsBalance: 470, viewUrl: VIEW })
    const fresh = `${PHOTO}?exp=1700001200000&sig=fresh`
    // Nothing unlocked on the first page; unlocked (with a fresh signed URL) after its reload.
    const getUnlockedImages = vi.fn().mockResolvedValue({ urls: [], viewUrls: {} })
    const { chat, services } = setup({}, { api: { unlockImage, getUnlockedImages } })
    const first = await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    await user.click(await screen.findByRole('button', { name: 'Unlock for 30 gems' }))
    await waitFor(() => expect(chat.messages.find((m) => m.mid === 'm3')?.unlocked).toBe(true))
    expect(first.store.getState().chat?.messages.find((m) => m.mid === 'm3')?.unlocked).toBe(true)
    first.unmount()
    getUnlockedImages.mockResolvedValue({ urls: [PHOTO], viewUrls: { [PHOTO]: fresh } })

    // A new page load: a fresh store reading the same stored messages; the signed URL of the last
    // page is not kept (it expires), the server answers a fresh one.
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(470) })
    const messages = await screen.findByRole('list', { name: 'Messages with Mia' })
    await waitFor(() => expect(within(messages).getByRole('img', { name: 'Photo' }).getAttribute('src')).toBe(fresh))
    expect(screen.queryByText('Private photo – unlock for 30 gems')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Unlock for 30 gems' })).toBeNull()
    expect(unlockImage).toHaveBeenCalledTimes(1)
  })

  it('an image the server says this user already unlocked shows unlocked when the thread loads, and is saved', async () => {
    const getUnlockedImages = vi.fn().mockResolvedValue({ urls: [PHOTO], viewUrls: { [PHOTO]: VIEW } })
    const unlockImage = vi.fn()
    const { chat, services } = setup({}, { api: { getUnlockedImages, unlockImage } })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    const messages = await screen.findByRole('list', { name: 'Messages with Mia' })
    expect((await within(messages).findByRole('img', { name: 'Photo' })).getAttribute('src')).toBe(VIEW)
    expect(screen.queryByText('Private photo – unlock for 30 gems')).toBeNull()
    expect(getUnlockedImages).toHaveBeenCalledWith({ urls: [PHOTO] })
    expect(unlockImage).not.toHaveBeenCalled()
    expect(chat.messages.find((m) => m.mid === 'm3')?.unlocked).toBe(true)
  })

  it('stays locked when the server has no unlock for it or cannot be asked', async () => {
    const getUnlockedImages = vi.fn().mockResolvedValue({ urls: [], viewUrls: {} })
    const { chat, services } = setup({}, { api: { getUnlockedImages } })
    const first = await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    await waitFor(() => expect(getUnlockedImages).toHaveBeenCalled())
    expect(await screen.findByText('Private photo – unlock for 30 gems')).toBeInstanceOf(Element)
    first.unmount()

    getUnlockedImages.mockReset().mockRejectedValue(new Error('Network Error'))
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    await waitFor(() => expect(getUnlockedImages).toHaveBeenCalled())
    expect(await screen.findByText('Private photo – unlock for 30 gems')).toBeInstanceOf(Element)
    expect(chat.messages.find((m) => m.mid === 'm3')?.unlocked).toBeUndefined()
  })

  it('an unlocked photo whose signed URL stopped loading (expired) is shown through a fresh one, asked once', async () => {
    const fresh = `${PHOTO}?exp=1700001200000&sig=fresh`
    // What the image host signs now: VIEW until it has expired, then fresh ones.
    let current = VIEW
    const getUnlockedImages = vi.fn(async () => ({ urls: [PHOTO], viewUrls: { [PHOTO]: current } }))
    const { services } = setup({}, { api: { getUnlockedImages } })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    const messages = await screen.findByRole('list', { name: 'Messages with Mia' })
    const photo = () => within(messages).getByRole('img', { name: 'Photo' })
    await waitFor(() => expect(photo().getAttribute('src')).toBe(VIEW))
    const asked = getUnlockedImages.mock.calls.length
    current = fresh
    fireEvent.error(photo())
    await waitFor(() => expect(photo().getAttribute('src')).toBe(fresh))
    expect(getUnlockedImages).toHaveBeenCalledTimes(asked + 1)
    // The fresh one failing too is asked about once more, not again and again.
    fireEvent.error(photo())
    await waitFor(() => expect(getUnlockedImages).toHaveBeenCalledTimes(asked + 2))
    fireEvent.error(photo())
    fireEvent.error(photo())
    await act(async () => {})
    expect(getUnlockedImages).toHaveBeenCalledTimes(asked + 2)
  })

  it('an unlock the chat store could not save still shows for this session', async () => {
    const user = userEvent.setup()
    const unlockImage = vi.fn().mockResolvedValue({ url: PHOTO, unlocked: true, reason: 'none', price: 30, gemsBalance: 470, viewUrl: VIEW })
    const chat = fakeChatService({ threads: demoThreads, messages: demoMessages }, { markImageUnlocked: () => Promise.reject(new Error('QuotaExceededError')) })
    const services = fakeServices({ chat, api: { unlockImage } })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    await user.click(await screen.findByRole('button', { name: 'Unlock for 30 gems' }))
    await waitFor(() => expect(screen.queryByText('Private photo – unlock for 30 gems')).toBeNull())
    expect(chat.messages.find((m) => m.mid === 'm3')?.unlocked).toBeUndefined()
  })

  it('without enough gems the coin store opens and the image stays locked', async () => {
    const user = userEvent.setup()
    const unlockImage = vi.fn().mockResolvedValue({ url: PHOTO, unlocked: false, reason: 'gems_insufficient', price: 30, gemsBalance: 5, viewUrl: '' })
    const { services } = setup({}, { api: { unlockImage } })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn(500) })
    await user.click(await screen.findByRole('button', { name: 'Unlock for 30 gems' }))
    expect(await screen.findByRole('dialog', { name: 'Buy gems' })).toBeInstanceOf(Element)
    expect(screen.getByText('Private photo – unlock for 30 gems')).toBeInstanceOf(Element)
  })
})

describe('chat tracking', () => {
  it('a reply within 10 minutes of the host counts as chat_reply; incoming official messages are not counted', async () => {
    const user = userEvent.setup()
    const events: NonNullable<FakeServicesOptions['events']> = []
    const clock = manualClock(Date.UTC(2026, 0, 15, 12))
    const hostMessage = demoMessage({ mid: 'h1', content: 'Hi there', date: clock.now() - 5 * 60_000 })
    const { chat, services } = setup({ messages: [hostMessage], threads: [{ ...demoThreads[0]!, lastMessage: hostMessage }] }, { events, clock })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn() })
    await within(await screen.findByRole('list', { name: 'Messages with Mia' })).findByText('Hi there')
    await user.type(screen.getByLabelText('Message'), 'Hello{Enter}')
    await waitFor(() => expect(events).toContainEqual({ event: 'chat_reply', properties: { type: 0, replyAfterMs: 5 * 60_000 } }))
    expect(events).toContainEqual({ event: 'chat_send', properties: { type: 0, reply: true } })

    act(() => {
      chat.deliver(demoMessage({ mid: 'o1', from: 'help.localhost', tid: 'localOfficial', type: 21, content: 'News', date: clock.now() }))
      chat.deliver(demoMessage({ mid: 'h2', content: 'Later', date: clock.now() }))
    })
    await waitFor(() => expect(events.filter((e) => e.event === 'chat_receive')).toEqual([{ event: 'chat_receive', properties: { type: 0 } }]))
  })
})
