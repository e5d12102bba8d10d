/**
 * Photos on their way from the composer, under the store key `chatUploads`: each with its local
 * thumbnail and progress while uploading, or failed with a retry. `uploadThunks` drives them; once
 * sent, a photo is a message of the chat slice like any other.
 */
import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import type { RootState } from '../../app/state'
import { rootReducer } from '../../app/rootReducer'
import { loggedOut } from '../../app/authActions'
import type { ChatUploadsState } from './chatState'

export const initialUploadsState: ChatUploadsState = { uploads: [] }

const uploadSlice = createSlice({
  // Named like the rest of the chat, so its actions read `chat/…` (`chat/uploadStarted`).
  name: 'chat',
  reducerPath: 'chatUploads',
  initialState: initialUploadsState,
  reducers: {
    uploadStarted(state, action: PayloadAction<{ id: string; tid: string; previewUrl: string }>) {
      state.uploads.push({ ...action.payload, progress: null, status: 'uploading' })
    },
    uploadProgressed(state, action: PayloadAction<{ id: string; progress: number | null }>) {
      const upload = state.uploads.find((u) => u.id === action.payload.id)
      if (upload) upload.progress = action.payload.progress
    },
    uploadRetried(state, action: PayloadAction<{ id: string; previewUrl: string }>) {
      const upload = state.uploads.find((u) => u.id === action.payload.id)
      if (upload) Object.assign(upload, { status: 'uploading', progress: null, previewUrl: action.payload.previewUrl })
    },
    uploadFailed(state, action: PayloadAction<string>) {
      const upload = state.uploads.find((u) => u.id === action.payload)
      if (upload) Object.assign(upload, { status: 'failed', previewUrl: '' })
    },
    uploadPreviewReleased(state, action: PayloadAction<string>) {
      const upload = state.uploads.find((u) => u.id === action.payload)
      if (upload) upload.previewUrl = ''
    },
    uploadFinished(state, action: PayloadAction<string>) {
      state.uploads = state.uploads.filter((u) => u.id !== action.payload)
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialUploadsState)
  },
})

export const { uploadStarted, uploadProgressed, uploadRetried, uploadFailed, uploadPreviewReleased, uploadFinished } = uploadSlice.actions

export const selectUploads = (state: RootState) => uploadsOf(state).uploads

// Loaded with the conversation's composer: the slice joins the store then.
rootReducer.inject({ reducerPath: 'chatUploads', reducer: uploadSlice.reducer })

/** This slice's state, or its initial state while the store has none yet (not injected, or no action since). */
function uploadsOf(state: RootState): ChatUploadsState {
  return state.chatUploads ?? uploadSlice.getInitialState()
}
