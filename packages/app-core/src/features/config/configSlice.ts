import { createSlice } from '@reduxjs/toolkit'
import type { ConfigInfo } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { RootState } from '../../app/state'
import { loggedOut } from '../../app/authActions'
import type { ConfigState } from './configState'
export type { ConfigState } from './configState'

const initialConfigState: ConfigState = { info: null }

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
