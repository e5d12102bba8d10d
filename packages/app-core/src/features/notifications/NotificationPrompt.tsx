import './notifications.css'
import { Button } from '@vchat/ui'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../../app/ServicesContext'
import type { NotificationPermissionState } from '../../services/types'

/** Where the user's answer to the prompt is kept (our choice): it is not shown again after one. */
export const NOTIFICATION_PROMPT_KEY = 'vchat:notificationPrompt'

/** What the user decided: the browser's answer, or 'later' for the prompt's own dismiss button. */
export type NotificationPromptDecision = 'granted' | 'denied' | 'default' | 'later'

/**
 * The signed-in notification-permission prompt (SPEC §4): a small card that says why, then asks the
 * browser (`services.push.requestPermission()`, from the click). Shown only while the permission reads
 * 'default' and the user has not answered it before; never where push is unsupported (no Notification
 * API, iOS, or a brand without push ids). A grant runs the push token flow at once.
 *
 * Where: a card in the flow of the messages list (`/message`), where the reason — knowing when someone
 * writes — is what the user is looking at. Not a floating card on every page: one over the bottom of
 * the screen covered the composer and the match deck's buttons right after login.
 */
export function NotificationPrompt() {
  const { t } = useTranslation('app')
  const { push, storage, brand } = useServices()
  const titleId = useId()
  const remembered = storage.local<NotificationPromptDecision>(NOTIFICATION_PROMPT_KEY)
  const [permission, setPermission] = useState<NotificationPermissionState>(() => push.permission())
  const [decided, setDecided] = useState(() => remembered.get() !== null)
  const [asking, setAsking] = useState(false)

  if (permission !== 'default' || decided) return null

  const decide = (decision: NotificationPromptDecision) => {
    remembered.set(decision)
    setDecided(true)
  }

  return (
    <section className="vc-notify-prompt" aria-labelledby={titleId} data-testid="notification-prompt">
      <h2 id={titleId} className="vc-notify-prompt__title">
        {t('notifications.prompt.title')}
      </h2>
      <p className="vc-notify-prompt__body">{t('notifications.prompt.body', { brand: brand.displayName })}</p>
      <div className="vc-notify-prompt__actions">
        <Button variant="secondary" onClick={() => decide('later')} disabled={asking}>
          {t('notifications.prompt.later')}
        </Button>
        <Button
          disabled={asking}
          onClick={() => {
            setAsking(true)
            void push.requestPermission().then((state) => {
              setAsking(false)
              setPermission(state)
              if (state !== 'unsupported') decide(state)
            })
          }}
        >
          {t('notifications.prompt.enable')}
        </Button>
      </div>
    </section>
  )
}
