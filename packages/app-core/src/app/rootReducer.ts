/**
 * The root reducer: the base slices, plus each feature slice once its module has loaded and injected
 * itself (`rootReducer.inject(…)` or `slice.injectInto(rootReducer)`). Apart from the store factory so a
 * feature slice can inject itself without importing the store (which imports the base slices).
 */
import { combineSlices } from '@reduxjs/toolkit'
import { accountSlice } from '../features/account/accountSlice'
import { authSlice } from '../features/auth/authSlice'
import { configSlice } from '../features/config/configSlice'
import { settingsSlice } from '../features/settings/settingsSlice'
import { systemSlice } from '../features/system/systemSlice'
import type { LazyState } from './state'

/** Slices every page needs, the landing page included; in the entry chunk. */
const baseSlices = [authSlice, accountSlice, configSlice, systemSlice, settingsSlice] as const

/** Selectors of an injected slice answer its initial state while the store holds nothing for it yet. */
export const rootReducer = combineSlices(...baseSlices).withLazyLoadedSlices<LazyState>()
