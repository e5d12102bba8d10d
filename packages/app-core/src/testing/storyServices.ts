// Fake services for the account screens' stories, which belong to several features.
import type { TaskInfo } from '@vchat/api-client'
import { demoTaskInfo, demoWebsiteConfig } from './accountFixtures'
import { fakeServices, manualClock } from './fakeServices'
import type { Services } from '../services/types'

/** Stories' clock: a fixed day, so birthdays and countdowns read the same every time. */
const storyClock = () => manualClock(Date.UTC(2026, 0, 15, 12))

/** An answer that never comes: the loading state. */
const never = <T,>(): Promise<T> => new Promise<T>(() => {})
const failing = async <T,>(): Promise<T> => Promise.reject(new Error('Network Error'))

export const storyServices = {
  full: (): Services => fakeServices({ clock: storyClock() }),
  loading: (): Services =>
    fakeServices({ clock: storyClock(), api: { getUserTasksInfo: never, getPersonalInfo: never, getWebsiteConfig: never, getUserSupport: never } }),
  error: (): Services =>
    fakeServices({ clock: storyClock(), api: { getUserTasksInfo: failing, getPersonalInfo: failing, getWebsiteConfig: failing, getUserSupport: failing } }),
  empty: (): Services => {
    const tasks: TaskInfo = { ...structuredClone(demoTaskInfo), userTaskInfos: [] }
    return fakeServices({
      clock: storyClock(),
      api: {
        getUserTasksInfo: async () => structuredClone(tasks),
        getPersonalInfo: async () => ({ uid: '100001', jid: 'user_100001@localhost', nickName: '', avatarUrl: '', gender: '', birthday: '', country: '', language: 'en', about: '', email: '', settings: {} }),
        getWebsiteConfig: async () => ({ ...demoWebsiteConfig, appDownloadInfo: { ...demoWebsiteConfig.appDownloadInfo, enabled: false } }),
      },
    })
  },
  checkedIn: (): Services => {
    const tasks = structuredClone(demoTaskInfo)
    tasks.checkInTaskInfo.status = 3
    tasks.checkInDays = 3
    tasks.nextCheckInCountdown = 4 * 3600 + 12 * 60
    return fakeServices({ clock: storyClock(), api: { getUserTasksInfo: async () => structuredClone(tasks) } })
  },
  migrated: (): Services =>
    fakeServices({ clock: storyClock(), api: { getWebsiteConfig: async () => ({ ...demoWebsiteConfig, migrateDomain: 'new.vidora.chat' }) } }),
}
