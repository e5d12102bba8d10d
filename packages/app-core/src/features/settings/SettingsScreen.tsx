import { Switch, Toast } from '@vchat/ui'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { AppLink } from '../../routes/navigation'
import { DEVICE_CHECK_PATH } from '../../routes/paths'
import { LogoutButton } from '../auth'
import { AccountLoading, AccountPage } from '../../layout/AccountPage'
import { CookieChoice, LegalLinks } from '../pages'
import { SupportCard } from '../profile'
import { InstallSettings } from '../install'
import { changeSettings, selectSettings } from './settingsSlice'
import type { SettingKey, Settings } from './settingsSlice'
import '../../layout/account.css'

type BooleanKey = Exclude<SettingKey, 'show_translate'>

const GROUPS: { key: string; settings: SettingKey[] }[] = [
  { key: 'privacy', settings: ['lastSeen', 'readReceipt', 'joiningGroups', 'privateMessages'] },
  { key: 'appearance', settings: ['darkMode', 'borderedTheme'] },
  { key: 'notifications', settings: ['allowNotifications', 'keepNotifications'] },
  { key: 'chat', settings: ['show_translate'] },
]

/** One SPEC §3 setting as a switch, persisted as soon as it changes; `onSaved` once the change is kept. */
export function SettingSwitch({ setting, onSaved }: { setting: SettingKey; onSaved?: () => void }) {
  const { t } = useTranslation('account')
  const dispatch = useAppDispatch()
  const values = useAppSelector(selectSettings)
  const checked = setting === 'show_translate' ? values.show_translate === 'on' : values[setting as BooleanKey]
  const disabled = setting === 'keepNotifications' && !values.allowNotifications
  function change(next: boolean) {
    const changes: Partial<Settings> = setting === 'show_translate' ? { show_translate: next ? 'on' : 'off' } : { [setting]: next }
    void dispatch(changeSettings(changes)).then((result) => {
      if (changeSettings.fulfilled.match(result)) onSaved?.()
    })
  }
  return <Switch label={t(`settings.items.${setting}.label`)} description={t(`settings.items.${setting}.hint`)} checked={checked} disabled={disabled} onChange={change} />
}

/** /settings: every SPEC §3 setting, links to the other account screens, support and log out. */
export function SettingsScreen() {
  const { t, ready } = useTranslation('account')
  const { brand } = useServices()
  // "Saved" answers the user's own change only: the account's settings arriving from the server
  // (a sync finishing while this screen is open) are not something the user saved.
  const [saved, setSaved] = useState(false)
  if (!ready) return <AccountLoading />

  return (
    <AccountPage title={t('settings.title')} id="settings-title" back="/personalhome">
      {GROUPS.map((group) => (
        <section key={group.key} className="vc-account-card vc-settings-group" aria-labelledby={`settings-${group.key}`}>
          <h2 id={`settings-${group.key}`} className="vc-account__subtitle">
            {t(`settings.groups.${group.key}`)}
          </h2>
          {group.settings.map((setting) => (
            <SettingSwitch key={setting} setting={setting} onSaved={() => setSaved(true)} />
          ))}
          {/* The cookie choice is this device's, not the account's: it applies at once and is not saved to the server. */}
          {group.key === 'privacy' ? <CookieChoice /> : null}
        </section>
      ))}
      <InstallSettings />
      <nav className="vc-account-card vc-account-links" aria-label={t('settings.more')}>
        <AppLink to="/personalhome">{t('profile.title')}</AppLink>
        <AppLink to="/editprofile">{t('editProfile.title')}</AppLink>
        <AppLink to="/languagesettings">{t('language.title')}</AppLink>
        <AppLink to="/deletemessagesettings">{t('deleteMessages.title')}</AppLink>
        {brand.routes.messageSetup ? <AppLink to="/messageSetup">{t('messageSetup.title')}</AppLink> : null}
        <AppLink to={DEVICE_CHECK_PATH}>{t('settings.deviceCheck')}</AppLink>
        <AppLink to="/task">{t('tasks.title')}</AppLink>
        <AppLink to="/download">{t('download.title')}</AppLink>
      </nav>
      <SupportCard />
      <LegalLinks />
      <LogoutButton />
      {saved ? <Toast message={t('settings.saved')} onDismiss={() => setSaved(false)} /> : null}
    </AccountPage>
  )
}
