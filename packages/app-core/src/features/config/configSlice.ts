import { createSlice } from '@reduxjs/toolkit'
import type { ConfigInfo } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { RootState } from '../../app/store'
import { loggedOut } from '../auth/authActions'

/** SPEC §3 config info (mainInfo + veegoInfo), or null before it is loaded. */
export interface ConfigState {
  info: ConfigInfo | null
}

export const initialConfigState: ConfigState = { info: null }

export const loadConfig = createAppAsyncThunk('config/load', async (_: void, { extra }) => extra.api.getConfig())

export const configSlice = createSlice({
  name: 'config',
  initialState: initialConfigState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadConfig.fulfilled, (state, action) => {
        state.info = action.payload
      })
      .addCase(loggedOut, () => initialConfigState)
  },
})

export const selectConfig = (state: RootState): ConfigInfo | null => state.config.info
