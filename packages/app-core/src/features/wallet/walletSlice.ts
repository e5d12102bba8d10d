import { createSlice } from '@reduxjs/toolkit'
import { isApiError } from '@vchat/api-client'
import type { PayloadAction } from '@reduxjs/toolkit'
import type { CreateOrderResponse, PayOrderStatusResponse, PayStatus, SavedCard } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { CardVaultError, type CardDetails, type CardVaultProblem } from '../../services/cardVault'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { PAY_RECORDS_PAGE_SIZE } from './constants'
import { loadAccount } from '../account'
import { loggedOut } from '../../app/authActions'
import type { OrderTrack, PurchaseIntent, WalletState } from './walletState'
export type { OrderTrack, PurchaseIntent, WalletState } from './walletState'

const initialWalletState: WalletState = {
  channels: { status: 'idle', data: null },
  purchase: { status: 'idle', intent: null, clientOrderKey: null, order: null, redirectUrl: null },
  cardSave: { status: 'idle', card: null },
  orders: {},
  credited: [],
  history: { status: 'idle', list: [], nextCursor: null, loadingMore: false, moreFailed: false },
}

const TERMINAL_PAY_STATUSES: readonly PayStatus[] = ['TXN_SUCCESS', 'TXN_FAILURE', 'EXPIRED']

export function isTerminal(status: PayStatus | null | undefined): boolean {
  return status !== null && status !== undefined && TERMINAL_PAY_STATUSES.includes(status)
}

function sameIntent(a: PurchaseIntent | null, b: PurchaseIntent): boolean {
  return a !== null && a.sku === b.sku && a.country === b.country && a.channelId === b.channelId && a.cardId === b.cardId
}

export const loadPaymentChannels = createAppAsyncThunk(
  'wallet/loadChannels',
  async (arg: { country?: string } | void, { extra }) => extra.api.getPaymentChannels(arg?.country ? { country: arg.country } : {}),
)

export interface PlaceOrderArg {
  intent: PurchaseIntent
}

export interface PlacedOrder {
  order: CreateOrderResponse
  redirectUrl: string | null
}

/**
 * create_order for the chosen SKU and channel. A second call while one is in flight is dropped
 * (double click); a retry of the same intent sends the same client key, so the server answers with
 * the same order. Card orders then go through checkout/authentication_payment; the answer says
 * where the payment continues (hosted page or card challenge), or null to wait on the pay result.
 */
export const placeOrder = createAppAsyncThunk(
  'wallet/placeOrder',
  async ({ intent }: PlaceOrderArg, { extra, getState }): Promise<PlacedOrder> => {
    const clientOrderKey = walletOf(getState()).purchase.clientOrderKey
    if (!clientOrderKey) throw new Error('no client order key')
    const order = await extra.api.createOrder({ clientOrderKey, ...intent })
    if (intent.cardId !== undefined && order.payStatus === 'PENDING') {
      // No security code here: it went to the provider with the card, or the provider's page asks.
      const auth = await extra.api.authenticatePayment({ orderId: order.orderId, cardId: intent.cardId })
      return { order, redirectUrl: auth.requiresChallenge ? auth.authenticationUrl : null }
    }
    const channel = walletOf(getState())
      .channels.data?.countries.find((c) => c.country === intent.country)
      ?.channels.find((c) => c.channelId === intent.channelId)
    // Wallets continue on the provider's page; UPI waits for the approval in the UPI app.
    return { order, redirectUrl: channel?.type === 'wallet' && order.payStatus === 'PENDING' ? order.checkoutUrl : null }
  },
  { condition: (_arg, { getState }) => walletOf(getState()).purchase.status !== 'creating' },
)

export interface SaveCardArg {
  card: CardDetails
  /** The user chose "Save this card for later payments" (or the page that only saves cards). */
  keep: boolean
}

/**
 * Keeps a card: the details go to the payment provider's vault (`services.cardVault`), which answers
 * a single-use token; save_bank_card gets the token only. Rejected with the field the provider
 * refused, or `unavailable` (nothing saved; the details stay typed in for another try).
 */
export const saveBankCard = createAppAsyncThunk<SavedCard, SaveCardArg, { rejectValue: CardVaultProblem }>(
  'wallet/saveCard',
  async ({ card, keep }, { extra, rejectWithValue }) => {
    let cardToken: string
    try {
      cardToken = (await extra.cardVault.tokenize(card)).token
    } catch (error) {
      return rejectWithValue(error instanceof CardVaultError ? error.problem : 'unavailable')
    }
    return extra.api.saveBankCard({ cardToken, keep })
  },
)

/** Refreshes balance and paid flag once per order (however often its success is seen or announced). */
const refreshBalanceForOrder = createAppAsyncThunk(
  'wallet/refreshBalanceForOrder',
  async (orderId: string | null, { dispatch, getState }) => {
    if (orderId !== null) {
      if (walletOf(getState()).credited.includes(orderId)) return false
      dispatch(walletSlice.actions.orderCredited(orderId))
    }
    await dispatch(loadAccount())
    return true
  },
)

/**
 * A ReChargeSuccess notice arrived over messaging (SPEC §4: refreshes the balance). Delivered twice,
 * it refreshes once. Dispatched by whoever receives call/notice actions.
 */
export const rechargeSucceeded = (notice: { orderId?: string | null } = {}) => refreshBalanceForOrder(notice.orderId ?? null)

/** 4xx answers that say "not now" rather than "no such order": asked again. */
const RETRYABLE_CLIENT_STATUSES: readonly number[] = [408, 425, 429]

/**
 * Whether the server answered that there is no such order: a refusal (an id it does not know for this
 * user) or a 4xx (an id it cannot read). Asking again cannot change that; a network error, a 5xx, a
 * time-out or a rate limit can.
 */
function isUnknownOrder(error: unknown): boolean {
  if (!isApiError(error)) return false
  if (error.code === 'BACKEND_ERROR') return true
  const status = error.status
  return error.code === 'HTTP_ERROR' && status !== undefined && status >= 400 && status < 500 && !RETRYABLE_CLIENT_STATUSES.includes(status)
}

/**
 * One pay_order_status check; a success refreshes the balance and paid flag (once per order). Rejected
 * with 'unknownOrder' when the server says there is no such order.
 */
export const checkOrderStatus = createAppAsyncThunk<PayOrderStatusResponse, string, { rejectValue: 'unknownOrder' }>(
  'wallet/checkOrderStatus',
  async (orderId, { extra, dispatch, rejectWithValue }) => {
    let status: PayOrderStatusResponse
    try {
      status = await extra.api.getPayOrderStatus({ orderId })
    } catch (error) {
      if (isUnknownOrder(error)) return rejectWithValue('unknownOrder')
      throw error
    }
    if (status.payStatus === 'TXN_SUCCESS') void dispatch(refreshBalanceForOrder(orderId))
    return status
  },
  { condition: (orderId, { getState }) => walletOf(getState()).orders[orderId]?.checking !== true },
)

export const loadPayRecords = createAppAsyncThunk(
  'wallet/loadPayRecords',
  async (arg: { more?: boolean } | void, { extra, getState }) => {
    const cursor = arg?.more ? walletOf(getState()).history.nextCursor : null
    return extra.api.getPayRecords(cursor ? { size: PAY_RECORDS_PAGE_SIZE, cursor } : { size: PAY_RECORDS_PAGE_SIZE })
  },
  {
    condition: (arg, { getState }) => {
      const { history } = walletOf(getState())
      return arg?.more ? history.nextCursor !== null && !history.loadingMore : history.status !== 'loading'
    },
  },
)

function track(state: WalletState, orderId: string): OrderTrack {
  state.orders[orderId] ??= { orderId, payStatus: null, detail: null, checking: false, error: false, timedOut: false, gemsCredited: null, unknown: false }
  return state.orders[orderId]
}

const walletSlice = createSlice({
  name: 'wallet',
  initialState: initialWalletState,
  reducers: {
    orderCredited(state, action: PayloadAction<string>) {
      if (!state.credited.includes(action.payload)) state.credited.push(action.payload)
    },
    orderTimedOut(state, action: PayloadAction<string>) {
      const order = track(state, action.payload)
      if (!isTerminal(order.payStatus)) order.timedOut = true
    },
    purchaseReset(state) {
      state.purchase = initialWalletState.purchase
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadPaymentChannels.pending, (state) => {
        state.channels.status = 'loading'
      })
      .addCase(loadPaymentChannels.fulfilled, (state, action) => {
        state.channels = { status: 'ready', data: action.payload }
      })
      .addCase(loadPaymentChannels.rejected, (state) => {
        state.channels.status = 'failed'
      })
      .addCase(placeOrder.pending, (state, action) => {
        const { intent } = action.meta.arg
        const purchase = state.purchase
        // A new choice gets a new key; the same choice retried keeps its key (same order on the server).
        if (!sameIntent(purchase.intent, intent) || purchase.clientOrderKey === null) {
          purchase.clientOrderKey = `web_${action.meta.requestId}`
          purchase.order = null
        }
        purchase.intent = intent
        purchase.status = 'creating'
        purchase.redirectUrl = null
      })
      .addCase(placeOrder.fulfilled, (state, action) => {
        const { order, redirectUrl } = action.payload
        state.purchase.status = 'created'
        state.purchase.order = order
        state.purchase.redirectUrl = redirectUrl
        const tracked = track(state, order.orderId)
        tracked.payStatus = order.payStatus
        tracked.detail = order.orderDetail
        // A settled order cannot be paid again: the next attempt gets a fresh key.
        if (isTerminal(order.payStatus)) state.purchase.clientOrderKey = null
      })
      .addCase(placeOrder.rejected, (state) => {
        state.purchase.status = 'failed'
      })
      .addCase(saveBankCard.pending, (state) => {
        state.cardSave = { status: 'saving', card: null }
      })
      .addCase(saveBankCard.fulfilled, (state, action) => {
        state.cardSave = { status: 'saved', card: action.payload }
        // Only a card the user chose to save is offered again.
        const cards = state.channels.data?.cards
        if (action.meta.arg.keep && cards && !cards.some((c) => c.cardId === action.payload.cardId)) cards.push(action.payload)
      })
      .addCase(saveBankCard.rejected, (state, action) => {
        state.cardSave = { status: 'failed', card: null, problem: action.payload ?? 'unavailable' }
      })
      .addCase(checkOrderStatus.pending, (state, action) => {
        track(state, action.meta.arg).checking = true
      })
      .addCase(checkOrderStatus.fulfilled, (state, action) => {
        const order = track(state, action.meta.arg)
        order.checking = false
        order.error = false
        order.payStatus = action.payload.payStatus
        order.detail = action.payload.orderDetail
        order.gemsCredited = order.payStatus === 'TXN_SUCCESS' ? action.payload.gemsCredited : null
        if (isTerminal(order.payStatus)) {
          order.timedOut = false
          if (state.purchase.order?.orderId === order.orderId) state.purchase.clientOrderKey = null
        }
      })
      .addCase(checkOrderStatus.rejected, (state, action) => {
        const order = track(state, action.meta.arg)
        order.checking = false
        if (action.payload === 'unknownOrder') order.unknown = true
        else order.error = true
      })
      .addCase(loadPayRecords.pending, (state, action) => {
        if (action.meta.arg?.more) {
          state.history.loadingMore = true
          state.history.moreFailed = false
        } else state.history.status = 'loading'
      })
      .addCase(loadPayRecords.fulfilled, (state, action) => {
        const { history } = state
        if (action.meta.arg?.more) {
          const known = new Set(history.list.map((r) => r.orderId))
          history.list.push(...action.payload.list.filter((r) => !known.has(r.orderId)))
          history.loadingMore = false
        } else {
          history.list = action.payload.list
          history.status = 'ready'
        }
        history.nextCursor = action.payload.nextCursor
      })
      .addCase(loadPayRecords.rejected, (state, action) => {
        if (action.meta.arg?.more) {
          state.history.loadingMore = false
          state.history.moreFailed = true
        } else state.history.status = 'failed'
      })
      .addCase(loggedOut, () => initialWalletState)
  },
})

const { orderTimedOut } = walletSlice.actions
export { orderTimedOut }

export const selectWallet = (state: RootState): WalletState => walletOf(state)
export const selectChannels = (state: RootState) => walletOf(state).channels
export const selectPurchase = (state: RootState) => walletOf(state).purchase
export const selectOrderTrack = (orderId: string) => (state: RootState): OrderTrack | undefined => walletOf(state).orders[orderId]
export const selectPayHistory = (state: RootState) => walletOf(state).history

// Loaded with the first screen that needs it: the slice joins the store then (see app/store.ts).
rootReducer.inject({ reducerPath: 'wallet', reducer: walletSlice.reducer })

/** This slice's state, or its initial state while the store has none yet (not injected, or no action since). */
function walletOf(state: RootState): WalletState {
  return state.wallet ?? walletSlice.getInitialState()
}
