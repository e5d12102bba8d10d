import { useTranslation } from 'react-i18next'
import { AccountLoading, AccountPage } from '../../layout/AccountPage'
import { SettingSwitch } from './SettingsScreen'
import '../../layout/account.css'

/** /messageSetup (default brand only): the settings that shape messaging in one place. */
export function MessageSetupScreen() {
  const { t, ready } = useTranslation('account')
  if (!ready) return <AccountLoading />
  return (
    <AccountPage title={t('messageSetup.title')} id="message-setup-title" back="/settings">
      <p className="vc-account__hint">{t('messageSetup.intro')}</p>
      <div className="vc-account-card">
        <SettingSwitch setting="privateMessages" />
        <SettingSwitch setting="readReceipt" />
        <SettingSwitch setting="show_translate" />
        <SettingSwitch setting="allowNotifications" />
        <SettingSwitch setting="keepNotifications" />
      </div>
    </AccountPage>
  )
}
