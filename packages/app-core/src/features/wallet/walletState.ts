/**
 * The wallet state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { CreateOrderResponse, OrderDetail, PaymentChannelsResponse, PayRecord, PayStatus, SavedCard } from '@vchat/api-client'
import type { LoadStatus } from '../../app/loadStatus'
import type { CardVaultProblem } from '../../services/cardVault'

/** What the user chose in the coin store. */
export interface PurchaseIntent {
  sku: string
  country: string
  channelId: string
  cardId?: string | undefined
}

export interface OrderTrack {
  orderId: string
  payStatus: PayStatus | null
  detail: OrderDetail | null
  checking: boolean
  /** The last status check failed (network); polling goes on. */
  error: boolean
  /** The pay result gave up waiting (PAY_STATUS_TIMEOUT_MS) while the order was still pending. */
  timedOut: boolean
  /** Gems the server credited for a successful order (a first-purchase bonus included); null before. */
  gemsCredited: number | null
  /** The server answered that this user has no such order (a wrong or foreign id): polling stops. */
  unknown: boolean
}

export interface WalletState {
  channels: { status: LoadStatus; data: PaymentChannelsResponse | null }
  purchase: {
    status: 'idle' | 'creating' | 'created' | 'failed'
    intent: PurchaseIntent | null
    /** Idempotency key of the current intent: a retry sends it again and gets the same order. */
    clientOrderKey: string | null
    order: CreateOrderResponse | null
    /** Where the payment continues (hosted checkout or card authentication), if anywhere. */
    redirectUrl: string | null
  }
  /** `problem`: what the provider refused when saving failed (a field, or `unavailable`). */
  cardSave: { status: 'idle' | 'saving' | 'saved' | 'failed'; card: SavedCard | null; problem?: CardVaultProblem }
  orders: Record<string, OrderTrack>
  /** Orders whose success has already refreshed the balance (each refreshes it once). */
  credited: string[]
  history: { status: LoadStatus; list: PayRecord[]; nextCursor: string | null; loadingMore: boolean; moreFailed: boolean }
}
