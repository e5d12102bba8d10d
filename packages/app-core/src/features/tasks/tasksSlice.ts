import { createSlice } from '@reduxjs/toolkit'
import type { UserTaskInfo } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { loadAccount } from '../account'
import { loggedOut } from '../../app/authActions'
import { CHECK_IN_COMPLETED_STATUS, TASK_CLAIMABLE_STATUS } from '../../constants'
import type { TasksState } from './tasksState'
export type { TasksState } from './tasksState'

const initialTasksState: TasksState = { info: null, status: 'idle', loadedAt: 0, claiming: [], actionError: null, lastReward: null }

export const CHECK_IN_CLAIM_KEY = 'checkIn'

export const loadTasks = createAppAsyncThunk('tasks/load', async (_: void, { extra }) => ({
  info: await extra.api.getUserTasksInfo(),
  at: extra.clock.now(),
}))

/** Claims today's check-in (reward, rewardType 3), then reloads tasks and the balance. */
export const claimCheckIn = createAppAsyncThunk('tasks/claimCheckIn', async (_: void, { extra, dispatch }) => {
  const reward = await extra.api.claimCheckInReward()
  void dispatch(loadAccount())
  return { reward, at: extra.clock.now() }
})

/** Claims a finished task (user_tasks_completed), then reloads the balance. */
export const claimTask = createAppAsyncThunk('tasks/claimTask', async (taskKey: string, { extra, dispatch }) => {
  const result = await extra.api.completeUserTask({ taskKey })
  void dispatch(loadAccount())
  return result
})

/** Turns the daily check-in reminder on or off (check_in_notification). */
export const setCheckInReminder = createAppAsyncThunk('tasks/setReminder', async (enable: boolean, { extra }) =>
  extra.api.setCheckInNotification({ enable }),
)

const tasksSlice = createSlice({
  name: 'tasks',
  initialState: initialTasksState,
  reducers: {
    rewardShown(state) {
      state.lastReward = null
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadTasks.pending, (state) => {
        state.status = state.info ? state.status : 'loading'
      })
      .addCase(loadTasks.fulfilled, (state, action) => {
        state.info = action.payload.info
        state.loadedAt = action.payload.at
        state.status = 'ready'
      })
      .addCase(loadTasks.rejected, (state) => {
        if (!state.info) state.status = 'failed'
      })
      .addCase(claimCheckIn.pending, (state) => {
        state.claiming.push(CHECK_IN_CLAIM_KEY)
        state.actionError = null
      })
      .addCase(claimCheckIn.fulfilled, (state, action) => {
        state.claiming = state.claiming.filter((key) => key !== CHECK_IN_CLAIM_KEY)
        const { reward, at } = action.payload
        state.lastReward = reward.coins
        if (state.info) {
          state.info.checkInDays = reward.checkInDays
          state.info.checkInTaskInfo.status = CHECK_IN_COMPLETED_STATUS
          state.info.nextCheckInCountdown = reward.nextCheckInCountdown
          state.loadedAt = at
        }
      })
      .addCase(claimCheckIn.rejected, (state) => {
        state.claiming = state.claiming.filter((key) => key !== CHECK_IN_CLAIM_KEY)
        state.actionError = 'claim'
      })
      .addCase(claimTask.pending, (state, action) => {
        state.claiming.push(action.meta.arg)
        state.actionError = null
      })
      .addCase(claimTask.fulfilled, (state, action) => {
        state.claiming = state.claiming.filter((key) => key !== action.meta.arg)
        state.lastReward = action.payload.coins
        const task = state.info?.userTaskInfos.find((t) => t.taskKey === action.payload.taskKey)
        if (task) task.taskStatus = action.payload.taskStatus
      })
      .addCase(claimTask.rejected, (state, action) => {
        state.claiming = state.claiming.filter((key) => key !== action.meta.arg)
        state.actionError = 'claim'
      })
      .addCase(setCheckInReminder.pending, (state, action) => {
        state.actionError = null
        if (state.info) state.info.isRemindCheckIn = action.meta.arg
      })
      .addCase(setCheckInReminder.fulfilled, (state, action) => {
        if (state.info) state.info.isRemindCheckIn = action.payload.isRemindCheckIn
      })
      .addCase(setCheckInReminder.rejected, (state, action) => {
        state.actionError = 'remind'
        if (state.info) state.info.isRemindCheckIn = !action.meta.arg
      })
      .addCase(loggedOut, () => initialTasksState)
  },
})

export const { rewardShown } = tasksSlice.actions

export const selectTasks = (state: RootState): TasksState => tasksOf(state)

/** SPEC §4: task status 2 = claimable (red dot). */
export function isClaimable(task: UserTaskInfo): boolean {
  return task.taskStatus === TASK_CLAIMABLE_STATUS
}

/** True when any user task can be claimed: the red dot on the task entrance and the tasks tab. */
export const selectHasClaimableTask = (state: RootState): boolean =>
  tasksOf(state).info?.userTaskInfos.some(isClaimable) ?? false

/** SPEC §4: check-in status 3 = completed today. */
export const selectCheckedInToday = (state: RootState): boolean =>
  tasksOf(state).info?.checkInTaskInfo.status === CHECK_IN_COMPLETED_STATUS

/** Seconds left until the next check-in opens at `now`, never below 0. */
export function remainingCountdown(tasks: Pick<TasksState, 'info' | 'loadedAt'>, now: number): number {
  if (!tasks.info) return 0
  const elapsed = Math.floor((now - tasks.loadedAt) / 1000)
  return Math.max(0, tasks.info.nextCheckInCountdown - elapsed)
}

// Loaded with the first screen that needs it: the slice joins the store then (see app/store.ts).
rootReducer.inject({ reducerPath: 'tasks', reducer: tasksSlice.reducer })

/** This slice's state, or its initial state while the store has none yet (not injected, or no action since). */
function tasksOf(state: RootState): TasksState {
  return state.tasks ?? tasksSlice.getInitialState()
}
