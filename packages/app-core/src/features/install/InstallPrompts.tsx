import { Button } from '@vchat/ui'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { selectSettings } from '../settings'
import {
  bookmarkShortcut,
  browserEnvironment,
  currentInstallPrompt,
  installMethod,
  notificationPermission,
  promptInstall,
  requestNotificationPermission,
  subscribeInstallPrompt,
} from './installEnvironment'
import type { BrowserEnvironment, InstallMethod, NotificationPermissionState } from './installEnvironment'

/** The install method of this browser, updated when the browser offers or withdraws its prompt. */
export function useInstallMethod(env: BrowserEnvironment | null = browserEnvironment()): InstallMethod {
  const prompt = useSyncExternalStore(subscribeInstallPrompt, currentInstallPrompt, () => null)
  return installMethod(env, prompt !== null)
}

/** The add-to-home-screen prompt or, where the browser cannot install, the matching guide. */
export function InstallCard({ method, env = browserEnvironment(), onDone }: { method: InstallMethod; env?: BrowserEnvironment | null; onDone?: () => void }) {
  const { t } = useTranslation('account')
  const { brand } = useServices()
  if (method === 'installed') return <p>{t('install.installed', { brand: brand.displayName })}</p>
  if (method === 'prompt') {
    return (
      <div className="vc-install" data-install="prompt">
        <p>{t('install.promptText', { brand: brand.displayName })}</p>
        <Button
          onClick={() => {
            void promptInstall().then(() => onDone?.())
          }}
        >
          {t('install.promptAction')}
        </Button>
      </div>
    )
  }
  const steps =
    method === 'homeScreenGuide'
      ? [t('install.homeScreen.step1'), t('install.homeScreen.step2'), t('install.homeScreen.step3')]
      : method === 'desktopGuide'
        ? [t('install.desktop.step1'), t('install.desktop.step2')]
        : [t('install.bookmark.step1', { shortcut: bookmarkShortcut(env) }), t('install.bookmark.step2')]
  const titleKey = method === 'homeScreenGuide' ? 'install.homeScreen.title' : method === 'desktopGuide' ? 'install.desktop.title' : 'install.bookmark.title'
  return (
    <div className="vc-install" data-install={method}>
      <h3 className="vc-install__title">{t(titleKey)}</h3>
      <ol className="vc-install__steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  )
}

/** The notification-permission prompt: reads granted, denied, default or unsupported (SPEC §4). */
export function NotificationPermissionCard({ env = browserEnvironment(), initial }: { env?: BrowserEnvironment | null; initial?: NotificationPermissionState }) {
  const { t } = useTranslation('account')
  const allowed = useAppSelector(selectSettings).allowNotifications
  const { push } = useServices()
  const [state, setState] = useState<NotificationPermissionState>(initial ?? notificationPermission(env))
  useEffect(() => {
    if (!initial) setState(notificationPermission(env))
  }, [env, initial])
  return (
    <div className="vc-install" data-permission={state}>
      <p>{t(`notifications.${state}`)}</p>
      {state === 'default' && allowed ? (
        <Button
          variant="secondary"
          onClick={() =>
            void requestNotificationPermission(env).then((next) => {
              setState(next)
              // Granted here: the push token flow runs now, not with the next login.
              if (next === 'granted') void push.register()
            })
          }
        >
          {t('notifications.enable')}
        </Button>
      ) : null}
      {!allowed ? <p className="vc-account__hint">{t('notifications.offInSettings')}</p> : null}
    </div>
  )
}

/** The install and notification rows of the settings screen. */
export function InstallSettings() {
  const { t } = useTranslation('account')
  const method = useInstallMethod()
  return (
    <section className="vc-account-card" aria-labelledby="install-title">
      <h2 id="install-title" className="vc-account__subtitle">
        {t('install.title')}
      </h2>
      <InstallCard method={method} />
      <NotificationPermissionCard />
    </section>
  )
}
