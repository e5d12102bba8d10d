/**
 * Translations of messages (SPEC §5), under the store key `chatTranslations`: a bubble's
 * "Translate" asks the server for its text in the user's language; shown only while show_translate
 * is on. A translation has nothing to do with the thread it came from, hence a slice of its own.
 */
import { createSlice } from '@reduxjs/toolkit'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { RootState } from '../../app/state'
import { rootReducer } from '../../app/rootReducer'
import { loggedOut } from '../../app/authActions'
import type { ChatTranslationsState, TranslationState } from './chatState'

export const initialTranslationsState: ChatTranslationsState = { translations: {} }

/** SPEC §5: translation of one message; a failure shows the original text. */
export const translateMessage = createAppAsyncThunk(
  'chat/translate',
  async ({ content, targetLang }: { mid: string; content: string; targetLang: string }, { extra }) => {
    try {
      const answer = await extra.api.translate({ targetLang, sourceText: content })
      return { text: answer.translatedText, failed: false }
    } catch {
      return { text: content, failed: true }
    }
  },
)

const translationSlice = createSlice({
  // Named like the rest of the chat (its thunk is `chat/translate`).
  name: 'chat',
  reducerPath: 'chatTranslations',
  initialState: initialTranslationsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(translateMessage.pending, (state, action) => {
        state.translations[action.meta.arg.mid] = { status: 'loading', text: '' }
      })
      .addCase(translateMessage.fulfilled, (state, action) => {
        state.translations[action.meta.arg.mid] = { status: action.payload.failed ? 'failed' : 'done', text: action.payload.text }
      })
      .addCase(loggedOut, () => initialTranslationsState)
  },
})

export const selectTranslations = (state: RootState): Record<string, TranslationState> => translationsOf(state).translations

/**
 * SPEC §5: translation is shown only when show_translate is 'on' (default on). Read structurally so
 * this works whether or not the settings screen's state is present.
 */
export const selectShowTranslate = (state: RootState): boolean =>
  (state as unknown as { settings?: { values?: { show_translate?: string } } }).settings?.values?.show_translate !== 'off'

// Loaded with the conversation's bubbles: the slice joins the store then.
rootReducer.inject({ reducerPath: 'chatTranslations', reducer: translationSlice.reducer })

/** This slice's state, or its initial state while the store has none yet (not injected, or no action since). */
function translationsOf(state: RootState): ChatTranslationsState {
  return state.chatTranslations ?? translationSlice.getInitialState()
}
