/**
 * The contact pop-up (contact_popup_info) in the store: the pop-up on the goddess wall dispatches this
 * thunk instead of calling the server itself, and reads the suggested host and greeting from here.
 */
import { createSlice } from '@reduxjs/toolkit'
import type { ContactPopupInfo } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { loggedOut } from '../../app/authActions'
import type { ContactPopupState } from './contactPopupState'

const initialContactPopupState: ContactPopupState = { info: null, loadId: null }

/** Whether to suggest a host now, whom, with which greeting and after how long (contact_popup_info). */
export const loadContactPopup = createAppAsyncThunk('contactPopup/load', async (_: void, { extra }) => extra.api.getContactPopupInfo())

const contactPopupSlice = createSlice({
  name: 'contactPopup',
  initialState: initialContactPopupState,
  reducers: {
    /** The wall closed: what the server suggested goes with it. */
    contactPopupLeft: () => initialContactPopupState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadContactPopup.pending, (state, action) => {
        state.loadId = action.meta.requestId
      })
      .addCase(loadContactPopup.fulfilled, (state, action) => {
        if (action.meta.requestId === state.loadId) state.info = action.payload
      })
      .addCase(loadContactPopup.rejected, (state, action) => {
        // Failed or given up (the wall covered): nothing waits for an answer any more.
        if (action.meta.requestId === state.loadId) state.loadId = null
      })
      .addCase(loggedOut, () => initialContactPopupState)
  },
})

export const { contactPopupLeft } = contactPopupSlice.actions

/** The server's suggestion for the pop-up (null: none yet). */
export const selectContactPopup = (state: RootState): ContactPopupInfo | null => contactPopupOf(state).info

// Loaded with the goddess wall's chunk: the slice joins the store then.
rootReducer.inject({ reducerPath: 'contactPopup', reducer: contactPopupSlice.reducer })

/** This slice's state, or its initial state while the store has none yet. */
function contactPopupOf(state: RootState): ContactPopupState {
  return state.contactPopup ?? contactPopupSlice.getInitialState()
}
