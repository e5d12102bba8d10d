import { DotBadge, GiftIcon } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { AppLink } from '../../routes/navigation'
import { selectIsLoggedIn } from '../auth'
import { selectConfig } from '../config'
import { loadTasks, selectHasClaimableTask, selectTasks } from './tasksSlice'

/**
 * The task entrance in the header: shown to a signed-in user when the config enables it
 * (commonConfig.enableUserTaskEntrance), with a red dot while a task can be claimed.
 */
export function TaskEntrance() {
  const { t } = useTranslation('app')
  const dispatch = useAppDispatch()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const enabled = useAppSelector(selectConfig)?.mainInfo.commonConfig.enableUserTaskEntrance ?? false
  const status = useAppSelector(selectTasks).status
  const claimable = useAppSelector(selectHasClaimableTask)
  const show = loggedIn && enabled
  useEffect(() => {
    if (show && status === 'idle') void dispatch(loadTasks())
  }, [dispatch, show, status])
  if (!show) return null
  return (
    <AppLink to="/task" className="vc-task-entrance">
      <DotBadge show={claimable} label={t('taskEntrance.claimable')}>
        <GiftIcon className="vc-task-entrance__icon" size={20} />
        <span className="vc-task-entrance__label">{t('taskEntrance.label')}</span>
      </DotBadge>
    </AppLink>
  )
}
