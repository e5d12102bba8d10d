import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import type { BlockInfo, UpdatePersonalInfoRequest, WebsiteConfig } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { loggedOut } from '../../app/authActions'
import type { ProfileState } from './profileState'
export type { ProfileState } from './profileState'
import type { LoadStatus } from '../../app/loadStatus'
export type { LoadStatus } from '../../app/loadStatus'

const initialProfileState: ProfileState = {
  info: null,
  status: 'idle',
  saving: 'idle',
  uploadProgress: null,
  uploadError: false,
  support: null,
  supportStatus: 'idle',
  website: null,
  websiteStatus: 'idle',
  completeProfileDismissed: false,
}

export const loadProfile = createAppAsyncThunk('profile/load', async (_: void, { extra }) => extra.api.getPersonalInfo())

export const saveProfile = createAppAsyncThunk('profile/save', async (changes: UpdatePersonalInfoRequest, { extra }) =>
  extra.api.updatePersonalInfo(changes),
)

/** Uploads an avatar image (progress in the state), then saves its URL in the profile. */
export const uploadAvatar = createAppAsyncThunk('profile/uploadAvatar', async (file: File, { extra, dispatch }) => {
  const { url } = await extra.api.uploadImage({
    file,
    fileName: file.name,
    onProgress: ({ progress }) => dispatch(uploadProgressed(progress ?? -1)),
  })
  return extra.api.updatePersonalInfo({ avatarUrl: url })
})

export const loadUserSupport = createAppAsyncThunk('profile/loadSupport', async (_: void, { extra }) => extra.api.getUserSupport())

export const loadWebsiteConfig = createAppAsyncThunk('profile/loadWebsiteConfig', async (_: void, { extra }) => extra.api.getWebsiteConfig())

const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    uploadProgressed(state, action: PayloadAction<number>) {
      state.uploadProgress = action.payload
    },
    completeProfileDismissed(state) {
      state.completeProfileDismissed = true
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadProfile.pending, (state) => {
        if (!state.info) state.status = 'loading'
      })
      .addCase(loadProfile.fulfilled, (state, action) => {
        state.info = action.payload
        state.status = 'ready'
      })
      .addCase(loadProfile.rejected, (state) => {
        if (!state.info) state.status = 'failed'
      })
      .addCase(saveProfile.pending, (state) => {
        state.saving = 'saving'
      })
      .addCase(saveProfile.fulfilled, (state, action) => {
        state.info = action.payload
        state.status = 'ready'
        state.saving = 'saved'
      })
      .addCase(saveProfile.rejected, (state) => {
        state.saving = 'failed'
      })
      .addCase(uploadAvatar.pending, (state) => {
        state.uploadProgress = 0
        state.uploadError = false
      })
      .addCase(uploadAvatar.fulfilled, (state, action) => {
        state.info = action.payload
        state.uploadProgress = null
      })
      .addCase(uploadAvatar.rejected, (state) => {
        state.uploadProgress = null
        state.uploadError = true
      })
      .addCase(loadUserSupport.pending, (state) => {
        state.supportStatus = 'loading'
      })
      .addCase(loadUserSupport.fulfilled, (state, action) => {
        state.support = action.payload
        state.supportStatus = 'ready'
      })
      .addCase(loadUserSupport.rejected, (state) => {
        state.supportStatus = 'failed'
      })
      .addCase(loadWebsiteConfig.pending, (state) => {
        state.websiteStatus = 'loading'
      })
      .addCase(loadWebsiteConfig.fulfilled, (state, action) => {
        state.website = action.payload
        state.websiteStatus = 'ready'
      })
      .addCase(loadWebsiteConfig.rejected, (state) => {
        state.websiteStatus = 'failed'
      })
      .addCase(loggedOut, (state) => ({ ...initialProfileState, website: state.website, websiteStatus: state.websiteStatus }))
  },
})

const { uploadProgressed, completeProfileDismissed } = profileSlice.actions
export { completeProfileDismissed }

export const selectProfile = (state: RootState): ProfileState => profileOf(state)
export const selectWebsite = (state: RootState): WebsiteConfig | null => profileOf(state).website
export const selectWebsiteStatus = (state: RootState): LoadStatus => profileOf(state).websiteStatus

const NOT_BLOCKED: BlockInfo = { blocked: false, reason: '' }
/** SPEC §6: blocked status comes from blockInfo (config). */
export const selectBlockInfo = (state: RootState): BlockInfo => state.config.info?.mainInfo.blockInfo ?? NOT_BLOCKED

/** The complete-profile panel shows after a login that asked for it, until closed or saved. */
export const selectShowCompleteProfile = (state: RootState): boolean =>
  state.auth.user !== null && state.auth.completeUserInfoCheck && !profileOf(state).completeProfileDismissed && profileOf(state).saving !== 'saved'

// Loaded with the first screen that needs it: the slice joins the store then (see app/store.ts).
rootReducer.inject({ reducerPath: 'profile', reducer: profileSlice.reducer })

/** This slice's state, or its initial state while the store has none yet (not injected, or no action since). */
function profileOf(state: RootState): ProfileState {
  return state.profile ?? profileSlice.getInitialState()
}
