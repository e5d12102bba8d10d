import type { PersonalInfo, TaskInfo, UserSupportInfo, WebsiteConfig } from '@vchat/api-client'
import type { ApiService } from '../services/types'

/** Task info of a user who has not checked in today, with one claimable task (like the local backend). */
export const demoTaskInfo: TaskInfo = {
  checkInDays: 2,
  checkInTaskInfo: { status: 2, day: 3, rewards: [10, 10, 20, 20, 30, 30, 50] },
  coins: 20,
  isRemindCheckIn: true,
  nextCheckInCountdown: 0,
  userTaskInfos: [
    { taskKey: 'complete_profile', taskStatus: 2, title: 'Add an avatar, gender and birthday', coins: 20, progress: 3, target: 3, daily: false },
    { taskKey: 'first_recharge', taskStatus: 3, title: 'Make your first recharge', coins: 50, progress: 1, target: 1, daily: false },
    { taskKey: 'add_friend', taskStatus: 1, title: 'Make a friend', coins: 10, progress: 0, target: 1, daily: false },
    { taskKey: 'daily_like', taskStatus: 1, title: 'Like 3 hosts today', coins: 5, progress: 1, target: 3, daily: true },
  ],
}

export const demoPersonalInfo: PersonalInfo = {
  uid: '100001',
  jid: 'user_100001@localhost',
  nickName: 'Demo User',
  avatarUrl: '',
  gender: 'male',
  birthday: '1995-06-15',
  country: 'US',
  language: 'en',
  about: 'I like travelling and music.',
  email: '',
  settings: {},
}

const demoUserSupport: UserSupportInfo = {
  supportJid: 'support@help.localhost',
  supportEmail: 'support@vchat.localhost',
  faqUrl: 'https://vchat.localhost/files/pages/faq.html',
  workingHours: '09:00–21:00 UTC',
}

export const demoWebsiteConfig: WebsiteConfig = {
  appDownloadInfo: {
    enabled: true,
    appName: 'vchat',
    version: '1.0.0',
    androidUrl: 'https://vchat.localhost/files/download/vchat.apk',
    iosUrl: 'https://vchat.localhost/files/download/vchat.ipa',
    qrCodeUrl: '',
    bonusGems: 30,
  },
  migrateDomain: '',
  privacyPolicyUrl: 'https://vchat.localhost/files/pages/privacy.html',
  termsOfServiceUrl: 'https://vchat.localhost/files/pages/terms.html',
  supportEmail: 'support@vchat.localhost',
}

/**
 * The account endpoints of the fake API: tasks and check-in, profile, support, website config and
 * image upload, answering like the local backend (balance 500 before any claim).
 */
export function accountFakeApi(): Pick<
  ApiService,
  'getUserTasksInfo' | 'completeUserTask' | 'setCheckInNotification' | 'claimCheckInReward' | 'getPersonalInfo' | 'updatePersonalInfo' | 'getUserSupport' | 'getWebsiteConfig' | 'uploadImage'
> {
  let balance = 500
  let profile = structuredClone(demoPersonalInfo)
  return {
    getUserTasksInfo: async () => structuredClone(demoTaskInfo),
    completeUserTask: async ({ taskKey }) => {
      const task = demoTaskInfo.userTaskInfos.find((t) => t.taskKey === taskKey)
      balance += task?.coins ?? 0
      return { taskKey, taskStatus: 3, coins: task?.coins ?? 0, gemsBalance: balance }
    },
    setCheckInNotification: async ({ enable }) => ({ isRemindCheckIn: enable }),
    claimCheckInReward: async () => {
      balance += demoTaskInfo.coins
      return { rewardType: 3, coins: demoTaskInfo.coins, gemsBalance: balance, checkInDays: demoTaskInfo.checkInDays + 1, nextCheckInCountdown: 3600 }
    },
    getPersonalInfo: async () => structuredClone(profile),
    updatePersonalInfo: async (changes) => {
      const { settings, ...fields } = changes
      profile = { ...profile, ...fields, settings: { ...profile.settings, ...settings } }
      return structuredClone(profile)
    },
    getUserSupport: async () => ({ ...demoUserSupport }),
    getWebsiteConfig: async () => structuredClone(demoWebsiteConfig),
    uploadImage: async (request) => {
      request.onProgress?.({ loaded: 1, total: 2, progress: 0.5 })
      request.onProgress?.({ loaded: 2, total: 2, progress: 1 })
      return { url: '/files/uploads/0123456789abcdef0123456789abcdef.png' }
    },
  }
}
