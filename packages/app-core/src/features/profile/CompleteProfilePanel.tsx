import { Sheet } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { AccountLoading } from '../../layout/AccountPage'
import { isoDate } from './EditProfileScreen'
import { ProfileForm } from './ProfileForm'
import { completeProfileDismissed, loadProfile, saveProfile, selectProfile, selectShowCompleteProfile } from './profileSlice'

/** After a login whose answer had completeUserInfoCheck: asks for name, gender and birthday once. */
export function CompleteProfilePanel() {
  const { t, ready } = useTranslation('account')
  const { t: tc } = useTranslation('common')
  const { clock } = useServices()
  const dispatch = useAppDispatch()
  const show = useAppSelector(selectShowCompleteProfile)
  const profile = useAppSelector(selectProfile)
  useEffect(() => {
    if (show && profile.status === 'idle') void dispatch(loadProfile())
  }, [dispatch, show, profile.status])
  if (!show || !ready) return null
  return (
    <Sheet open title={t('completeProfile.title')} onClose={() => dispatch(completeProfileDismissed())} closeLabel={tc('close')} size="sm">
      <p>{t('completeProfile.message')}</p>
      {profile.info ? (
        <ProfileForm compact info={profile.info} saving={profile.saving === 'saving'} today={isoDate(clock.now())} onSave={(changes) => void dispatch(saveProfile(changes))} />
      ) : (
        <AccountLoading />
      )}
      {profile.saving === 'failed' ? <p role="alert">{t('editProfile.saveFailed')}</p> : null}
    </Sheet>
  )
}
