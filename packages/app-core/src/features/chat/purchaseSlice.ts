/**
 * The chat's purchases with gems, under the store key `chatPurchases`: the gift list and the gift
 * being bought (the gift panel), and the paid images being or already unlocked (their bubbles). The
 * thunks are in `purchaseThunks`; the unlocked image itself shows through the chat slice, which
 * marks its message.
 */
import { createSlice } from '@reduxjs/toolkit'
import type { RootState } from '../../app/state'
import { rootReducer } from '../../app/rootReducer'
import { loggedOut } from '../../app/authActions'
import type { ChatPurchasesState, UnlockState } from './chatState'
import { buyGift, loadGifts, unlockImage, unlockPriceLearned } from './purchaseThunks'

export const initialPurchasesState: ChatPurchasesState = {
  gifts: { status: 'idle', list: [] },
  giftPurchase: { status: 'idle', giftId: null, error: null },
  unlocks: {},
}

const purchaseSlice = createSlice({
  // Named like the rest of the chat, so its actions read `chat/…` (`chat/giftPurchaseReset`).
  name: 'chat',
  reducerPath: 'chatPurchases',
  initialState: initialPurchasesState,
  reducers: {
    giftPurchaseReset(state) {
      state.giftPurchase = initialPurchasesState.giftPurchase
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(unlockPriceLearned, (state, action) => {
        const { mid, price } = action.payload
        state.unlocks[mid] = { ...(state.unlocks[mid] ?? { status: 'failed', error: null }), price }
      })
      .addCase(loadGifts.pending, (state) => {
        if (state.gifts.status !== 'ready') state.gifts.status = 'loading'
      })
      .addCase(loadGifts.fulfilled, (state, action) => {
        state.gifts = { status: 'ready', list: action.payload }
      })
      .addCase(loadGifts.rejected, (state) => {
        if (state.gifts.status !== 'ready') state.gifts.status = 'failed'
      })
      .addCase(buyGift.pending, (state, action) => {
        state.giftPurchase = { status: 'buying', giftId: action.meta.arg.gift.id, error: null }
      })
      .addCase(buyGift.fulfilled, (state, action) => {
        state.giftPurchase = { status: 'done', giftId: action.meta.arg.gift.id, error: null }
      })
      .addCase(buyGift.rejected, (state, action) => {
        state.giftPurchase = { status: 'failed', giftId: action.meta.arg.gift.id, error: action.payload ?? 'failed' }
      })
      .addCase(unlockImage.pending, (state, action) => {
        const known = state.unlocks[action.meta.arg.mid]?.price
        state.unlocks[action.meta.arg.mid] = { status: 'unlocking', error: null, ...(known === undefined ? {} : { price: known }) }
      })
      .addCase(unlockImage.fulfilled, (state, action) => {
        const { mid } = action.meta.arg
        state.unlocks[mid] = { ...state.unlocks[mid], status: 'done', error: null }
      })
      .addCase(unlockImage.rejected, (state, action) => {
        state.unlocks[action.meta.arg.mid] = { ...state.unlocks[action.meta.arg.mid], status: 'failed', error: action.payload ?? 'failed' }
      })
      .addCase(loggedOut, () => initialPurchasesState)
  },
})

export const { giftPurchaseReset } = purchaseSlice.actions

export const selectGifts = (state: RootState) => purchasesOf(state).gifts
export const selectGiftPurchase = (state: RootState): ChatPurchasesState['giftPurchase'] => purchasesOf(state).giftPurchase
export const selectUnlocks = (state: RootState): Record<string, UnlockState> => purchasesOf(state).unlocks

// Loaded with the conversation (its bubbles and gift panel): the slice joins the store then.
rootReducer.inject({ reducerPath: 'chatPurchases', reducer: purchaseSlice.reducer })

/** This slice's state, or its initial state while the store has none yet (not injected, or no action since). */
function purchasesOf(state: RootState): ChatPurchasesState {
  return state.chatPurchases ?? purchaseSlice.getInitialState()
}
