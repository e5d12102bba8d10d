import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import type { AccountInfo } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { RootState } from '../../app/state'
import { loggedOut } from '../../app/authActions'
import { loadConfig } from '../config'
import type { AccountState } from './accountState'
export type { AccountState } from './accountState'

const initialAccountState: AccountState = { paid: false, gemsBalance: null, silverBalance: null, silverSpent: null }

export const loadAccount = createAppAsyncThunk('account/load', async (_: void, { extra, getState }) => {
  const reportsBefore = getState().account.gemsReports ?? 0
  const info = await extra.api.getAccount()
  // The hub's refund (ReChargeSuccess) for a call just ended can arrive while this request is out,
  // which the server may have answered before the refund: the reported balance stays.
  const { gemsReports = 0, gemsBalance } = getState().account
  return gemsReports !== reportsBefore && gemsBalance !== null ? { ...info, gemsBalance } : info
})

/**
 * The server refused a message or a call because this account is blocked: the config is loaded
 * again so that blockInfo (blocked, reason) shows. Once it says blocked, further refusals change nothing.
 */
export const blockedByServer = createAppAsyncThunk(
  'account/blockedByServer',
  async (_: void, { dispatch }) => {
    await dispatch(loadConfig())
  },
  { condition: (_arg, { getState }) => getState().config.info?.mainInfo.blockInfo.blocked !== true },
)

export const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    /** The server reported the gems after a purchase (gift, paid image). */
    gemsBalanceChanged(state, action: PayloadAction<number>) {
      state.gemsBalance = action.payload
      state.gemsReports = (state.gemsReports ?? 0) + 1
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadAccount.fulfilled, (state, action) => ({ ...accountFromInfo(action.payload), gemsReports: state.gemsReports ?? 0 }))
      .addCase(loggedOut, () => initialAccountState)
  },
})

function accountFromInfo(info: AccountInfo): AccountState {
  return { paid: info.paid, gemsBalance: info.gemsBalance, silverBalance: info.silverBalance, silverSpent: info.silverSpent }
}

export const { gemsBalanceChanged } = accountSlice.actions

export const selectAccount = (state: RootState): AccountState => state.account
export const selectGemsBalance = (state: RootState): number | null => state.account.gemsBalance
export const selectIsPaidUser = (state: RootState): boolean => state.account.paid
