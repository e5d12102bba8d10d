import { createAsyncThunk } from '@reduxjs/toolkit'
import type { Services } from '../services/types'
import type { AppDispatch, RootState } from './state'

/** createAsyncThunk typed with the app's state, dispatch and services (the thunk extra argument). */
export const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: RootState
  dispatch: AppDispatch
  extra: Services
}>()
