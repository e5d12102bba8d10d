import type { Meta, StoryObj } from '@storybook/react-vite'
import type { GiftListResponse } from '@vchat/api-client'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { MemoryRouter } from 'react-router-dom'
import { AppProviders } from '../../app/AppProviders'
import { makeStore } from '../../app/store'
import type { ApiService } from '../../services/types'
import { fakeChatService } from '../../testing/fakeChat'
import { fakeServices } from '../../testing/fakeServices'
import { GiftPanel } from './GiftPanel'
import { MIA, demoGifts } from './fixtures'
import { StickerPanel } from './StickerPanel'
import './chat.css'

const never = <T,>(): Promise<T> => new Promise<T>(() => {})

function Gifts({ api, gemsBalance = 500, asked = null }: { api: Partial<ApiService>; gemsBalance?: number; asked?: { mid: string; giftId: string } | null }) {
  // The chat texts load on demand: the panel shows once they are there, so the checks see real labels.
  const { i18n, ready } = useTranslation('chat')
  const setup = useMemo(() => {
    const services = fakeServices({ api, chat: fakeChatService({ gemsBalance }) })
    return { services, store: makeStore({ services, preloadedState: { account: { paid: true, gemsBalance } } }) }
  }, [api, gemsBalance])
  if (!ready) return null
  return (
    <AppProviders store={setup.store} services={setup.services} i18n={i18n}>
      <MemoryRouter>
        <div data-testid="story-ready">
          <GiftPanel open to={MIA} asked={asked} onClose={() => {}} onNeedGems={() => {}} />
        </div>
      </MemoryRouter>
    </AppProviders>
  )
}

function StickersFrame() {
  const { ready } = useTranslation('chat')
  if (!ready) return null
  return (
    <main style={{ maxInlineSize: 480 }} data-testid="story-ready">
      <StickerPanel onSend={() => {}} />
    </main>
  )
}

const apis = {
  full: {},
  loading: { getGiftList: never },
  empty: { getGiftList: async (): Promise<GiftListResponse> => ({ list: [] }) },
  error: { getGiftList: async (): Promise<GiftListResponse> => Promise.reject(new globalThis.Error('offline')) },
} satisfies Record<string, Partial<ApiService>>

/** The gift panel: gifts from the server, bought with gems over XMPP (GiftBuy); the balance on top. */
const meta = {
  title: 'Chat/GiftPanel',
  component: GiftPanel,
  tags: ['autodocs'],
  // Play functions drive screens that load the message database and panels on demand.
  parameters: { layout: 'fullscreen', preloadAppModules: true },
  args: { open: true, to: MIA, onClose: () => {}, onNeedGems: () => {} },
  render: () => <Gifts api={apis.full} />,
  play: async ({ canvas }) => {
    await canvas.findByTestId('story-ready')
  },
} satisfies Meta<typeof GiftPanel>

export default meta
type Story = StoryObj<typeof meta>

/** Every gift of the catalogue with its price. */
export const Full: Story = {}

/** The gift list is on its way. */
export const Loading: Story = { render: () => <Gifts api={apis.loading} /> }

/** The server has no gifts for sale. */
export const Empty: Story = { render: () => <Gifts api={apis.empty} /> }

/** The gift list could not be loaded: a retry. */
export const Error: Story = { render: () => <Gifts api={apis.error} /> }

/** Answering an ask-gift card: only the gift that was asked for. */
export const Asked: Story = { render: () => <Gifts api={apis.full} asked={{ mid: 'm5', giftId: 'heart' }} /> }

/** A small balance (the gifts above it are refused with the coin store offered). */
export const LowBalance: Story = { render: () => <Gifts api={apis.full} gemsBalance={demoGifts[0]!.gemsPrice} /> }

/** The bundled stickers (the product API has no sticker list). */
export const Stickers: Story = { render: () => <StickersFrame /> }
