/**
 * The story-line show (video_show_story_line) in the store: a host's profile dispatches this thunk
 * instead of calling the server itself, and reads her story from here. How far the show has played is
 * the component's own: it follows the clock, not the server.
 */
import { createSlice } from '@reduxjs/toolkit'
import type { StoryLine } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { loggedOut } from '../../app/authActions'
import type { StoryLineState } from './storyLineState'

const initialStoryLineState: StoryLineState = { story: null, loadId: null }

/** The host's story line (video_show_story_line): her cover and the messages of the show. */
export const loadStoryLine = createAppAsyncThunk('storyLine/load', async (jid: string, { extra }) => extra.api.getStoryLine({ anchorJid: jid }))

const storyLineSlice = createSlice({
  name: 'storyLine',
  initialState: initialStoryLineState,
  reducers: {
    /** The profile closed: the next one starts from nothing and asks again. */
    storyLineLeft: () => initialStoryLineState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadStoryLine.pending, (state, action) => {
        state.loadId = action.meta.requestId
      })
      .addCase(loadStoryLine.fulfilled, (state, action) => {
        if (action.meta.requestId === state.loadId) state.story = action.payload
      })
      .addCase(loggedOut, () => initialStoryLineState)
  },
})

export const { storyLineLeft } = storyLineSlice.actions

/** The story the profile shows (null: none yet, or none to show). */
export const selectStoryLine = (state: RootState): StoryLine | null => storyLineOf(state).story

// Loaded with the host profile's chunk: the slice joins the store then.
rootReducer.inject({ reducerPath: 'storyLine', reducer: storyLineSlice.reducer })

/** This slice's state, or its initial state while the store has none yet. */
function storyLineOf(state: RootState): StoryLineState {
  return state.storyLine ?? storyLineSlice.getInitialState()
}
