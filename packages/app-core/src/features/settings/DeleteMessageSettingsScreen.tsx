import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { AccountLoading, AccountPage } from '../../layout/AccountPage'
import { changeMessageRetention, loadSettings, MESSAGE_RETENTION_CHOICES, selectMessageRetentionDays, selectSettingsLoaded } from './settingsSlice'
import '../../layout/account.css'

/** /deletemessagesettings: how long chat messages stay on this device before they are deleted. */
export function DeleteMessageSettingsScreen() {
  const { t, ready } = useTranslation('account')
  const dispatch = useAppDispatch()
  const days = useAppSelector(selectMessageRetentionDays)
  const loaded = useAppSelector(selectSettingsLoaded)
  useEffect(() => {
    if (!loaded) void dispatch(loadSettings())
  }, [dispatch, loaded])
  if (!ready) return <AccountLoading />
  return (
    <AccountPage title={t('deleteMessages.title')} id="delete-messages-title" back="/settings">
      <p className="vc-account__hint">{t('deleteMessages.intro')}</p>
      <fieldset className="vc-account-card">
        <legend className="vc-account__subtitle">{t('deleteMessages.legend')}</legend>
        {MESSAGE_RETENTION_CHOICES.map((choice) => (
          <label key={choice} className="vc-choice vc-choice--row">
            <input type="radio" name="retention" checked={days === choice} onChange={() => void dispatch(changeMessageRetention(choice))} />
            <span>{choice === 0 ? t('deleteMessages.never') : t('deleteMessages.after', { count: choice })}</span>
          </label>
        ))}
      </fieldset>
    </AccountPage>
  )
}
