import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { demoTaskInfo } from '../../testing/accountFixtures'
import { signedInState } from '../../testing/accountTestState'
import { fakeServices, manualClock } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { testBrand } from '../../testing/testBrand'
import { claimCheckIn, claimTask, loadTasks, remainingCountdown, selectHasClaimableTask, setCheckInReminder } from './tasksSlice'
import { formatCountdown } from './useCountdown'

const checkedIn = () => {
  const info = structuredClone(demoTaskInfo)
  info.checkInTaskInfo.status = 3
  info.checkInDays = 3
  info.nextCheckInCountdown = 3 * 3600 + 5
  return info
}

describe('tasks slice', () => {
  it('claims the check-in with reward type 3 and reloads the balance', async () => {
    const getAccount = vi.fn(async () => ({ paid: true, gemsBalance: 520, silverBalance: 0, silverSpent: 0 }))
    const store = makeStore({ services: fakeServices({ api: { getAccount } }), preloadedState: signedInState() })
    await store.dispatch(loadTasks())
    await store.dispatch(claimCheckIn())
    const state = store.getState()
    expect(state.tasks?.info?.checkInTaskInfo.status).toBe(3)
    expect(state.tasks?.info?.checkInDays).toBe(3)
    expect(state.tasks?.lastReward).toBe(20)
    await waitFor(() => expect(store.getState().account.gemsBalance).toBe(520))
    expect(getAccount).toHaveBeenCalled()
  })

  it('a claimable task (status 2) shows the dot until it is claimed', async () => {
    const store = makeStore({ services: fakeServices(), preloadedState: signedInState() })
    await store.dispatch(loadTasks())
    expect(selectHasClaimableTask(store.getState())).toBe(true)
    await store.dispatch(claimTask('complete_profile'))
    expect(selectHasClaimableTask(store.getState())).toBe(false)
  })

  it('keeps the error and the old state when a claim fails', async () => {
    const store = makeStore({
      services: fakeServices({ api: { completeUserTask: async () => Promise.reject(new Error('the backend request error')) } }),
      preloadedState: signedInState(),
    })
    await store.dispatch(loadTasks())
    await store.dispatch(claimTask('complete_profile'))
    expect(store.getState().tasks?.actionError).toBe('claim')
    expect(selectHasClaimableTask(store.getState())).toBe(true)
    expect(store.getState().tasks?.claiming).toEqual([])
  })

  it('reverts the reminder when check_in_notification fails', async () => {
    const store = makeStore({
      services: fakeServices({ api: { setCheckInNotification: async () => Promise.reject(new Error('network')) } }),
      preloadedState: signedInState(),
    })
    await store.dispatch(loadTasks())
    await store.dispatch(setCheckInReminder(false))
    expect(store.getState().tasks?.info?.isRemindCheckIn).toBe(true)
    expect(store.getState().tasks?.actionError).toBe('remind')
  })

  it('counts the check-in countdown down from when it was read', () => {
    expect(remainingCountdown({ info: checkedIn(), loadedAt: 1000 }, 1000 + 5_000)).toBe(3 * 3600)
    expect(remainingCountdown({ info: checkedIn(), loadedAt: 0 }, 10 * 3600 * 1000)).toBe(0)
    expect(formatCountdown(3725)).toBe('01:02:05')
  })
})

describe('TaskScreen', () => {
  it('shows the check-in, claims it and the tasks tab carries the red dot', async () => {
    const user = userEvent.setup()
    const claimCheckInReward = vi.fn(async () => ({ rewardType: 3 as const, coins: 20, gemsBalance: 520, checkInDays: 3, nextCheckInCountdown: 60 }))
    await renderApp({ path: '/task', services: fakeServices({ api: { claimCheckInReward } }), preloadedState: signedInState() })
    const tasksTab = await screen.findByRole('tab', { name: /Tasks/ })
    expect(within(tasksTab).getByTestId('red-dot')).toBeInstanceOf(Element)
    expect(screen.getByText('You have checked in 2 days in a row')).toBeInstanceOf(Element)
    await user.click(screen.getByRole('button', { name: 'Check in and get 20 gems' }))
    expect(claimCheckInReward).toHaveBeenCalledTimes(1)
    expect(await screen.findByRole('status', { name: '' })).toBeInstanceOf(Element)
    expect(await screen.findByText('Next check-in in 00:01:00')).toBeInstanceOf(Element)
    expect(screen.getByText('+20 gems added to your balance')).toBeInstanceOf(Element)
  })

  it('ticks the countdown live and reloads tasks when it ends', async () => {
    const clock = manualClock(0)
    const info = checkedIn()
    info.nextCheckInCountdown = 3
    const getUserTasksInfo = vi.fn(async () => structuredClone(info))
    await renderApp({ path: '/task', services: fakeServices({ api: { getUserTasksInfo }, clock }), preloadedState: signedInState() })
    expect(await screen.findByText('Next check-in in 00:00:03')).toBeInstanceOf(Element)
    const loadsBefore = getUserTasksInfo.mock.calls.length
    act(() => clock.tick(1000))
    expect(screen.getByText('Next check-in in 00:00:02')).toBeInstanceOf(Element)
    expect(getUserTasksInfo).toHaveBeenCalledTimes(loadsBefore)
    act(() => clock.tick(2000))
    await waitFor(() => expect(getUserTasksInfo).toHaveBeenCalledTimes(loadsBefore + 1))
  })

  it('claims a task and turns the reminder off through check_in_notification', async () => {
    const user = userEvent.setup()
    const completeUserTask = vi.fn(async () => ({ taskKey: 'complete_profile', taskStatus: 3 as const, coins: 20, gemsBalance: 520 }))
    const setCheckInNotification = vi.fn(async ({ enable }: { enable: boolean }) => ({ isRemindCheckIn: enable }))
    await renderApp({ path: '/task', services: fakeServices({ api: { completeUserTask, setCheckInNotification } }), preloadedState: signedInState() })
    await user.click(await screen.findByRole('switch', { name: 'Remind me to check in' }))
    expect(setCheckInNotification).toHaveBeenCalledWith({ enable: false })
    await user.click(screen.getByRole('tab', { name: /Tasks/ }))
    await user.click(screen.getByRole('button', { name: 'Claim the reward of "Add an avatar, gender and birthday"' }))
    expect(completeUserTask).toHaveBeenCalledWith({ taskKey: 'complete_profile' })
    expect(await screen.findAllByText('Claimed')).toHaveLength(2)
    expect(within(screen.getByRole('tab', { name: /Tasks/ })).queryByTestId('red-dot')).toBeNull()
  })

  it('shows an error with retry when tasks cannot be loaded', async () => {
    const user = userEvent.setup()
    const getUserTasksInfo = vi.fn().mockRejectedValue(new Error('network'))
    await renderApp({ path: '/task', services: fakeServices({ api: { getUserTasksInfo } }), preloadedState: signedInState() })
    const retry = await screen.findByRole('button', { name: 'Retry' })
    expect(screen.getByText('Tasks could not be loaded')).toBeInstanceOf(Element)
    getUserTasksInfo.mockResolvedValue(structuredClone(demoTaskInfo))
    await user.click(retry)
    expect(await screen.findByRole('tab', { name: /Daily check-in/ })).toBeInstanceOf(Element)
  })

  it('asks a visitor to log in where /task needs no login (second and third brands)', async () => {
    await renderApp({ path: '/task', brand: { ...testBrand, routes: { ...testBrand.routes, task: { auth: false } } } })
    expect(await screen.findByText('Log in to earn gems')).toBeInstanceOf(Element)
  })

  it('the header task entrance follows enableUserTaskEntrance and shows the red dot', async () => {
    const view = await renderApp({ path: '/settings', preloadedState: signedInState() })
    const entrance = await screen.findByRole('link', { name: /Tasks/, hidden: false })
    await waitFor(() => expect(within(entrance).getByTestId('red-dot')).toBeInstanceOf(Element))
    view.unmount()
    const state = signedInState()
    state.config!.info!.mainInfo.commonConfig.enableUserTaskEntrance = false
    await renderApp({ path: '/callrecord', preloadedState: state })
    await screen.findByRole('navigation', { name: 'Main navigation' })
    expect(document.querySelector('.vc-task-entrance')).toBeNull()
  })
})
