import { createSlice } from '@reduxjs/toolkit'
import { MAINTENANCE_STATUS_ON } from '../../constants'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { RootState } from '../../app/store'

export interface SystemState {
  /** Last maintananceStatus from the server; null until the first answer. */
  maintenanceStatus: number | null
}

export const initialSystemState: SystemState = { maintenanceStatus: null }

/** Reads /system_maintenance/maintenance_status. A failed check keeps the previous status. */
export const fetchMaintenanceStatus = createAppAsyncThunk('system/fetchMaintenanceStatus', async (_: void, { extra }) => {
  const response = await extra.api.getMaintenanceStatus()
  return response.maintananceStatus
})

export const systemSlice = createSlice({
  name: 'system',
  initialState: initialSystemState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(fetchMaintenanceStatus.fulfilled, (state, action) => {
      state.maintenanceStatus = action.payload
    })
  },
})

/** SPEC §4: status 2 means maintenance; any other value is normal. */
export const selectIsUnderMaintenance = (state: RootState): boolean => state.system.maintenanceStatus === MAINTENANCE_STATUS_ON
