/**
 * What the user buys in a conversation with gems: the gift list, a gift (bought, then sent as a gift
 * message) and the unlock of a paid image. The purchases slice (`purchaseSlice`) follows these
 * thunks and `unlockPriceLearned`, so both live here, apart from the slice: the slice imports them,
 * and nothing here imports the slice.
 */
import { createAction } from '@reduxjs/toolkit'
import type { GiftInfo } from '@vchat/api-client'
import { MessageType } from '@vchat/contract'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { ChatGiftError } from '../../services/types'
import { gemsBalanceChanged, loadAccount } from '../account'
import type { PurchaseError } from './chatState'
import { failureReason, sendMessage } from './chatThunks'

/** The server's price of a paid image, learned when it refused an unlock at another price. */
export const unlockPriceLearned = createAction<{ mid: string; price: number }>('chat/unlockPriceLearned')

/** The gift list for the gift panel. */
export const loadGifts = createAppAsyncThunk('chat/loadGifts', async (_: void, { extra }) => {
  const answer = await extra.api.getGiftList()
  return answer.list.filter((gift) => gift.isActive).sort((a, b) => a.priority - b.priority)
})

/**
 * Buys a gift with gems (GiftBuy to gift.<domain>) and sends the gift message. Not enough gems (known
 * balance, or the component's answer) rejects with 'gems' before anything is charged; any other
 * failure with 'failed' ('xmpp send iq error'). The balance is updated from the component's answer.
 */
export const buyGift = createAppAsyncThunk<void, { to: string; gift: GiftInfo; askGiftMid?: string }, { rejectValue: PurchaseError }>(
  'chat/buyGift',
  async ({ to, gift, askGiftMid }, { extra, getState, dispatch, rejectWithValue }) => {
    const balance = getState().account.gemsBalance
    if (balance !== null && balance < gift.gemsPrice) return rejectWithValue('gems')
    let result: { gemsBalance: number | undefined }
    try {
      result = await extra.chat.buyGift({ to, gift: gift.id, price: gift.gemsPrice, ...(askGiftMid ? { askGiftMid } : {}) })
    } catch (error) {
      const failure = error as ChatGiftError
      extra.logger.warn('gift purchase failed', { reason: failure.message })
      return rejectWithValue(failure.gemsInsufficient ? 'gems' : 'failed')
    }
    if (result.gemsBalance !== undefined) dispatch(gemsBalanceChanged(result.gemsBalance))
    else void dispatch(loadAccount())
    extra.analytics.track('gift_send', { gift: gift.id, price: gift.gemsPrice, asked: Boolean(askGiftMid) })
    await dispatch(sendMessage({ to, content: '', type: MessageType.Gift, attachment: { ...gift } }))
  },
)

/**
 * Unlocks a paid image for its price; 'gems' when the gems do not cover it (nothing charged). Answers
 * the short-lived signed URL that shows it. The
 * unlock is saved on the stored message (chat-db `unlocked`), so a reload or another tab shows the
 * image unlocked; should saving fail, it stays unlocked for this session and the server, which keeps
 * the unlock, answers the next unlock free.
 */
export const unlockImage = createAppAsyncThunk<string, { mid: string; url: string; anchorJid: string; price: number }, { rejectValue: PurchaseError }>(
  'chat/unlockImage',
  async ({ mid, url, anchorJid, price: shown }, { extra, getState, dispatch, rejectWithValue }) => {
    // The price the bubble showed: the server's, once it has corrected the message's. Read from the
    // root state (absent until the purchases slice is injected), not through the slice's selectors.
    const price = getState().chatPurchases?.unlocks[mid]?.price ?? shown
    const balance = getState().account.gemsBalance
    if (balance !== null && balance < price) return rejectWithValue('gems')
    let answer: Awaited<ReturnType<typeof extra.api.unlockImage>>
    try {
      answer = await extra.api.unlockImage({ url, anchorJid, price })
    } catch (error) {
      extra.logger.warn('image unlock failed', { reason: failureReason(error) })
      return rejectWithValue('failed')
    }
    dispatch(gemsBalanceChanged(answer.gemsBalance))
    if (answer.reason === 'price_changed') {
      dispatch(unlockPriceLearned({ mid, price: answer.price }))
      return rejectWithValue('priceChanged')
    }
    if (!answer.unlocked) return rejectWithValue('gems')
    extra.analytics.track('image_unlock', { price })
    try {
      await extra.chat.markImageUnlocked(mid)
    } catch (error) {
      extra.logger.warn('image unlock not saved', { reason: failureReason(error) })
    }
    // The signed URL that shows it now (the message's own URL names the image but opens nothing).
    return answer.viewUrl
  },
)
