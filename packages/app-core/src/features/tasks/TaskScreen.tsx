import type { UserTaskInfo } from '@vchat/api-client'
import { Button, DotBadge, EmptyState, GemIcon, Switch, Toast } from '@vchat/ui'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { AppLink } from '../../routes/navigation'
import { selectIsLoggedIn } from '../auth'
import { AccountError, AccountLoading, AccountPage } from '../../layout/AccountPage'
import {
  CHECK_IN_CLAIM_KEY,
  claimCheckIn,
  claimTask,
  isClaimable,
  loadTasks,
  rewardShown,
  selectCheckedInToday,
  selectHasClaimableTask,
  selectTasks,
  setCheckInReminder,
} from './tasksSlice'
import { formatCountdown, useCountdown } from './useCountdown'
import '../../layout/account.css'

type TabKey = 'checkIn' | 'tasks'

/** /task: the daily check-in and the user tasks with their rewards (SPEC §2, §3, §4). */
export function TaskScreen() {
  const { t, ready } = useTranslation('account')
  const { t: tc } = useTranslation('common')
  const dispatch = useAppDispatch()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const tasks = useAppSelector(selectTasks)
  const hasClaimable = useAppSelector(selectHasClaimableTask)
  const [tab, setTab] = useState<TabKey>('checkIn')
  const baseId = useId()

  useEffect(() => {
    if (loggedIn) void dispatch(loadTasks())
  }, [dispatch, loggedIn])

  if (!ready) return <AccountLoading />
  const title = t('tasks.title')
  if (!loggedIn) {
    return (
      <AccountPage title={title} id="task-title" back="/personalhome">
        <EmptyState
          title={t('tasks.loginTitle')}
          message={t('tasks.loginMessage')}
          action={
            <AppLink to="/login" className="vc-account__button-link">
              {t('tasks.loginAction')}
            </AppLink>
          }
        />
      </AccountPage>
    )
  }
  if (tasks.status === 'failed') {
    return (
      <AccountPage title={title} id="task-title" back="/personalhome">
        <AccountError title={t('tasks.errorTitle')} message={t('common.tryAgain')} onRetry={() => void dispatch(loadTasks())} retryLabel={tc('retry')} />
      </AccountPage>
    )
  }
  if (!tasks.info) {
    return (
      <AccountPage title={title} id="task-title" back="/personalhome">
        <AccountLoading />
      </AccountPage>
    )
  }

  const tabs: { key: TabKey; label: string; dot: boolean }[] = [
    { key: 'checkIn', label: t('tasks.checkInTab'), dot: false },
    { key: 'tasks', label: t('tasks.tasksTab'), dot: hasClaimable },
  ]

  function onTabKey(event: React.KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const next: TabKey = tab === 'checkIn' ? 'tasks' : 'checkIn'
    setTab(next)
    document.getElementById(`${baseId}-tab-${next}`)?.focus()
  }

  return (
    <AccountPage title={title} id="task-title" back="/personalhome">
      <div className="vc-account-tabs" role="tablist" aria-label={title}>
        {tabs.map((item) => (
          <button
            key={item.key}
            id={`${baseId}-tab-${item.key}`}
            type="button"
            role="tab"
            className="vc-account-tabs__tab"
            aria-selected={tab === item.key}
            aria-controls={`${baseId}-panel-${item.key}`}
            tabIndex={tab === item.key ? 0 : -1}
            onClick={() => setTab(item.key)}
            onKeyDown={onTabKey}
          >
            <DotBadge show={item.dot} label={t('tasks.claimableDot')}>
              {item.label}
            </DotBadge>
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel-${tab}`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`} className="vc-account__panel">
        {tab === 'checkIn' ? <CheckInPanel /> : <TaskList tasks={tasks.info.userTaskInfos} claiming={tasks.claiming} />}
      </div>
      {tasks.actionError ? <p role="alert" className="vc-account__error">{t(tasks.actionError === 'claim' ? 'tasks.claimFailed' : 'tasks.remindFailed')}</p> : null}
      {tasks.lastReward !== null ? (
        <Toast tone="success" message={t('tasks.rewarded', { count: tasks.lastReward })} onDismiss={() => dispatch(rewardShown())} />
      ) : null}
    </AccountPage>
  )
}

/** The 7-day check-in: days, today's reward, claim button or live countdown, reminder switch. */
export function CheckInPanel() {
  const { t } = useTranslation('account')
  const dispatch = useAppDispatch()
  const tasks = useAppSelector(selectTasks)
  const checkedIn = useAppSelector(selectCheckedInToday)
  const info = tasks.info
  const left = useCountdown(checkedIn ? (info?.nextCheckInCountdown ?? 0) : 0, tasks.loadedAt, () => void dispatch(loadTasks()))
  if (!info) return null
  const { day, rewards } = info.checkInTaskInfo
  const claiming = tasks.claiming.includes(CHECK_IN_CLAIM_KEY)
  return (
    <div className="vc-checkin">
      <p className="vc-checkin__streak">{t('tasks.streak', { count: info.checkInDays })}</p>
      <ol className="vc-checkin__days" aria-label={t('tasks.cycleLabel')}>
        {rewards.map((coins, index) => {
          const number = index + 1
          const done = number < day || (number === day && checkedIn)
          const today = number === day
          return (
            <li key={number} className={`vc-checkin__day${done ? ' is-done' : ''}${today ? ' is-today' : ''}`} aria-current={today ? 'date' : undefined}>
              <span className="vc-checkin__day-name">{t('tasks.day', { day: number })}</span>
              <span className="vc-checkin__day-coins">
                <GemIcon size={16} />
                {coins}
              </span>
              <span className="vc-visually-hidden">{done ? t('tasks.dayDone') : today ? t('tasks.dayToday') : ''}</span>
            </li>
          )
        })}
      </ol>
      {checkedIn ? (
        <p className="vc-checkin__next" role="timer" aria-live="off">
          {t('tasks.nextCheckIn', { time: formatCountdown(left) })}
        </p>
      ) : (
        <Button block busy={claiming} disabled={claiming} onClick={() => void dispatch(claimCheckIn())}>
          {t('tasks.checkIn', { count: info.coins })}
        </Button>
      )}
      <Switch
        label={t('tasks.remind')}
        description={t('tasks.remindHint')}
        checked={info.isRemindCheckIn}
        onChange={(enable) => void dispatch(setCheckInReminder(enable))}
      />
    </div>
  )
}

/** Translated task title by key; the server's title for keys the app does not know. */
function useTaskTitle(): (task: UserTaskInfo) => string {
  const { t } = useTranslation('account')
  return (task) => t(`tasks.keys.${task.taskKey}`, { defaultValue: task.title })
}

export function TaskList({ tasks, claiming }: { tasks: UserTaskInfo[]; claiming: string[] }) {
  const { t } = useTranslation('account')
  const dispatch = useAppDispatch()
  const titleOf = useTaskTitle()
  if (tasks.length === 0) return <EmptyState title={t('tasks.emptyTitle')} message={t('tasks.emptyMessage')} />
  return (
    <ul className="vc-task-list">
      {tasks.map((task) => {
        const busy = claiming.includes(task.taskKey)
        return (
          <li key={task.taskKey} className="vc-task vc-account-card">
            <div className="vc-task__text">
              <span className="vc-task__title">{titleOf(task)}</span>
              <span className="vc-task__meta">
                {task.daily ? `${t('tasks.daily')} · ` : ''}
                {t('tasks.progress', { progress: task.progress, target: task.target })}
              </span>
            </div>
            <span className="vc-task__coins">
              <GemIcon size={16} />
              <span>{t('tasks.coins', { count: task.coins })}</span>
            </span>
            {isClaimable(task) ? (
              <Button busy={busy} disabled={busy} onClick={() => void dispatch(claimTask(task.taskKey))} aria-label={t('tasks.claimTask', { task: titleOf(task) })}>
                <DotBadge show label={t('tasks.claimableDot')}>
                  {t('tasks.claim')}
                </DotBadge>
              </Button>
            ) : (
              <span className="vc-task__status">{task.taskStatus === 3 ? t('tasks.claimed') : t('tasks.inProgress')}</span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
