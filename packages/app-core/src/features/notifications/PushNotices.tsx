import './notifications.css'
import { Toast } from '@vchat/ui'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../../app/ServicesContext'
import type { PushNoticeView } from '../../services/types'

/** How long a foreground push notice stays (our choice). */
export const PUSH_NOTICE_MS = 5000

/**
 * Foreground push messages (SPEC §4) as in-app notices: the latest one in the app's toast, its content
 * rendered as text, leaving on its own after `PUSH_NOTICE_MS`.
 */
export function PushNotices({ setTimer }: { setTimer?: (callback: () => void, ms: number) => () => void }) {
  const { t } = useTranslation('app')
  const { push } = useServices()
  const [notice, setNotice] = useState<(PushNoticeView & { key: number }) | null>(null)
  useEffect(() => {
    let count = 0
    return push.onNotice((next) => setNotice({ ...next, key: ++count }))
  }, [push])
  const dismiss = useCallback(() => setNotice(null), [])
  if (!notice) return null
  return (
    <div className="vc-push-notice" data-from={notice.from}>
      <Toast
        key={notice.key}
        message={notice.content.trim() || t('notifications.notice.fallback')}
        onDismiss={dismiss}
        durationMs={PUSH_NOTICE_MS}
        {...(setTimer ? { setTimer } : {})}
      />
    </div>
  )
}
