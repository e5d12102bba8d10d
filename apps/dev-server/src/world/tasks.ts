import {
  CHECK_IN_COMPLETED,
  CHECK_IN_OPEN,
  REWARD_TYPE_CHECK_IN,
  TASK_CLAIMABLE,
  TASK_CLAIMED,
  TASK_IN_PROGRESS,
  type RewardResponse,
  type TaskCompletedResponse,
  type TaskInfo,
  type TaskStatus,
  type UserTaskInfo,
} from '@vchat/contract'
import type { DatabaseSync } from 'node:sqlite'
import { CHECK_IN_REWARDS } from '../constants.ts'
import { createLedger } from '../db/ledger.ts'
import { dayStart, localDay, secondsToNextDay } from './time.ts'

interface TaskDefinition {
  taskKey: string
  title: string
  coins: number
  target: number
  daily: boolean
  /** Progress so far (capped at target by the caller). */
  progress(db: DatabaseSync, uid: string, jid: string, range: { from: number; to: number }): number
}

const count = (db: DatabaseSync, sql: string, ...params: (string | number)[]) =>
  (db.prepare(sql).get(...params) as { n: number }).n

const TASKS: readonly TaskDefinition[] = [
  {
    taskKey: 'complete_profile',
    title: 'Add an avatar, gender and birthday',
    coins: 20,
    target: 3,
    daily: false,
    progress: (db, uid) => {
      const p = db.prepare('SELECT avatar_url, gender, birthday FROM profiles WHERE uid = ?').get(uid) as
        | { avatar_url: string; gender: string; birthday: string }
        | undefined
      return p ? [p.avatar_url, p.gender, p.birthday].filter((v) => v !== '').length : 0
    },
  },
  {
    taskKey: 'first_recharge',
    title: 'Make your first recharge',
    coins: 50,
    target: 1,
    daily: false,
    progress: (db, uid) => count(db, "SELECT COUNT(*) AS n FROM orders WHERE uid = ? AND status = 'success'", uid),
  },
  {
    taskKey: 'add_friend',
    title: 'Make a friend',
    coins: 10,
    target: 1,
    daily: false,
    progress: (db, _uid, jid) => count(db, "SELECT COUNT(*) AS n FROM relations WHERE from_jid = ? AND kind = 'friend'", jid),
  },
  {
    taskKey: 'daily_like',
    title: 'Like 3 hosts today',
    coins: 5,
    target: 3,
    daily: true,
    progress: (db, _uid, jid, range) =>
      count(
        db,
        "SELECT COUNT(*) AS n FROM relations WHERE from_jid = ? AND kind = 'like' AND at >= ? AND at < ?",
        jid,
        range.from,
        range.to,
      ),
  },
]

export interface UserClock {
  now: number
  /** deviceInfo.timezoneOffset */
  offsetMinutes: number
}

function checkInState(db: DatabaseSync, uid: string, clock: UserClock) {
  const today = localDay(clock.now, clock.offsetMinutes)
  const days = new Set(
    (db.prepare('SELECT day FROM check_ins WHERE uid = ? AND day >= ? ORDER BY day DESC').all(uid, today - 400) as unknown as {
      day: number
    }[]).map((r) => r.day),
  )
  const checkedToday = days.has(today)
  // Consecutive days ending yesterday (a missed day starts the run again).
  let streakBefore = 0
  while (days.has(today - 1 - streakBefore)) streakBefore += 1
  const cycleDay = (streakBefore % CHECK_IN_REWARDS.length) + 1
  const coins = CHECK_IN_REWARDS[cycleDay - 1] ?? CHECK_IN_REWARDS[0] ?? 1
  return { today, checkedToday, streakBefore, cycleDay, coins }
}

function taskStatus(db: DatabaseSync, uid: string, jid: string, task: TaskDefinition, clock: UserClock): UserTaskInfo {
  const today = localDay(clock.now, clock.offsetMinutes)
  const period = task.daily ? today : 0
  const range = { from: dayStart(today, clock.offsetMinutes), to: dayStart(today + 1, clock.offsetMinutes) }
  const claimed = db.prepare('SELECT 1 FROM task_claims WHERE uid = ? AND task_key = ? AND period = ?').get(uid, task.taskKey, period)
  const progress = Math.min(task.target, task.progress(db, uid, jid, range))
  const status: TaskStatus = claimed ? TASK_CLAIMED : progress >= task.target ? TASK_CLAIMABLE : TASK_IN_PROGRESS
  return {
    taskKey: task.taskKey,
    taskStatus: status,
    title: task.title,
    coins: task.coins,
    progress: claimed ? task.target : progress,
    target: task.target,
    daily: task.daily,
  }
}

export function taskInfo(db: DatabaseSync, uid: string, jid: string, clock: UserClock): TaskInfo {
  const state = checkInState(db, uid, clock)
  const remind = db.prepare('SELECT remind_check_in AS r FROM profiles WHERE uid = ?').get(uid) as { r: number } | undefined
  const todayCoins = state.checkedToday
    ? ((db.prepare('SELECT coins FROM check_ins WHERE uid = ? AND day = ?').get(uid, state.today) as { coins: number }).coins)
    : state.coins
  return {
    checkInDays: state.checkedToday ? state.streakBefore + 1 : state.streakBefore,
    checkInTaskInfo: {
      status: state.checkedToday ? CHECK_IN_COMPLETED : CHECK_IN_OPEN,
      day: state.checkedToday ? ((state.streakBefore % CHECK_IN_REWARDS.length) + 1) : state.cycleDay,
      rewards: [...CHECK_IN_REWARDS],
    },
    coins: todayCoins,
    isRemindCheckIn: (remind?.r ?? 1) === 1,
    nextCheckInCountdown: state.checkedToday ? secondsToNextDay(clock.now, clock.offsetMinutes) : 0,
    userTaskInfos: TASKS.map((task) => taskStatus(db, uid, jid, task, clock)),
  }
}

/** Today's check-in (reward type 3): credits once per local day; a refusal reason otherwise. */
export function checkIn(db: DatabaseSync, uid: string, clock: UserClock): RewardResponse | string {
  const ledger = createLedger(db)
  return ledger.transaction(() => {
    const state = checkInState(db, uid, clock)
    if (state.checkedToday) return 'already checked in today'
    db.prepare('INSERT INTO check_ins (uid, day, coins, at) VALUES (?, ?, ?, ?)').run(uid, state.today, state.coins, clock.now)
    ledger.creditGems({ uid }, state.coins)
    return {
      rewardType: REWARD_TYPE_CHECK_IN,
      coins: state.coins,
      gemsBalance: ledger.gemsOf({ uid }),
      checkInDays: state.streakBefore + 1,
      nextCheckInCountdown: secondsToNextDay(clock.now, clock.offsetMinutes),
    }
  })
}

/** Claims a claimable task once (per day for daily tasks); a refusal reason otherwise. */
export function claimTask(db: DatabaseSync, uid: string, jid: string, taskKey: string, clock: UserClock): TaskCompletedResponse | string {
  const task = TASKS.find((t) => t.taskKey === taskKey)
  if (!task) return `unknown taskKey ${taskKey}`
  const ledger = createLedger(db)
  return ledger.transaction(() => {
    const status = taskStatus(db, uid, jid, task, clock)
    if (status.taskStatus === TASK_CLAIMED) return 'task already claimed'
    if (status.taskStatus === TASK_IN_PROGRESS) return 'task not completed yet'
    const period = task.daily ? localDay(clock.now, clock.offsetMinutes) : 0
    db.prepare('INSERT INTO task_claims (uid, task_key, period, coins, at) VALUES (?, ?, ?, ?, ?)').run(uid, task.taskKey, period, task.coins, clock.now)
    ledger.creditGems({ uid }, task.coins)
    return { taskKey: task.taskKey, taskStatus: TASK_CLAIMED, coins: task.coins, gemsBalance: ledger.gemsOf({ uid }) }
  })
}
