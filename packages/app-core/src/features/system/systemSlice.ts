import { createSlice } from '@reduxjs/toolkit'
import { MAINTENANCE_STATUS_ON } from '../../constants'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { RootState } from '../../app/state'
import type { SystemState } from './systemState'
export type { SystemState } from './systemState'

const initialSystemState: SystemState = { maintenanceStatus: null, checking: false, lastCheckAt: null }

export interface MaintenanceCheckOptions {
  /** Skip the request when the last one started less than this long ago (ms). */
  skipIfCheckedWithinMs?: number
}

/**
 * Reads /system_maintenance/maintenance_status. A failed check keeps the previous status; a check
 * while one is in flight (or within `skipIfCheckedWithinMs` of the last) is skipped.
 */
export const fetchMaintenanceStatus = createAppAsyncThunk<number, MaintenanceCheckOptions | void, { pendingMeta: { startedAt: number } }>(
  'system/fetchMaintenanceStatus',
  async (_options: MaintenanceCheckOptions | void, { extra }) => {
    const response = await extra.api.getMaintenanceStatus()
    return response.maintananceStatus
  },
  {
    condition: (options, { getState, extra }) => {
      const { checking, lastCheckAt } = getState().system
      if (checking) return false
      const within = options ? options.skipIfCheckedWithinMs : undefined
      return !(within !== undefined && lastCheckAt !== null && extra.clock.now() - lastCheckAt < within)
    },
    getPendingMeta: (_base, { extra }) => ({ startedAt: extra.clock.now() }),
  },
)

export const systemSlice = createSlice({
  name: 'system',
  initialState: initialSystemState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchMaintenanceStatus.pending, (state, action) => {
        state.checking = true
        state.lastCheckAt = action.meta.startedAt
      })
      .addCase(fetchMaintenanceStatus.fulfilled, (state, action) => {
        state.checking = false
        state.maintenanceStatus = action.payload
      })
      .addCase(fetchMaintenanceStatus.rejected, (state) => {
        state.checking = false
      })
  },
})

/** SPEC §4: status 2 means maintenance; any other value is normal. */
export const selectIsUnderMaintenance = (state: RootState): boolean => state.system.maintenanceStatus === MAINTENANCE_STATUS_ON
