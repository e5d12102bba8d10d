import type { ContactPopupInfo } from '@vchat/api-client'
import { withImageQuality } from '@vchat/api-client'
import { Avatar, Button, Sheet } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../../app/ServicesContext'
import { useAppNavigate, useIsBackground } from '../../routes/navigation'
import { chatPath, videoCallPath } from './paths'

const SHOWN_KEY = 'vchat:contactPopupShown'

/**
 * The contact pop-up (contact_popup_info): after the server's delay, once per browser session, an
 * online host suggested with her greeting, to chat or call. Nothing shows when the call fails.
 * While another screen stands over the wall (a call, the match deck, a sign-in) nothing is asked or
 * counted: a sheet over a call would cover its controls. The delay starts when the wall is in front.
 */
export function ContactPopup() {
  const { t } = useTranslation('discover')
  const { api, clock, storage } = useServices()
  const navigate = useAppNavigate()
  const [info, setInfo] = useState<ContactPopupInfo | null>(null)
  const [open, setOpen] = useState(false)
  const covered = useIsBackground()

  useEffect(() => {
    const shown = storage.session<boolean>(SHOWN_KEY)
    if (covered || shown.get()) return undefined
    let cancelled = false
    let handle: unknown = null
    api
      .getContactPopupInfo()
      .then((answer) => {
        if (cancelled || !answer.show || !answer.anchor) return
        setInfo(answer)
        handle = clock.setInterval(() => {
          clock.clearInterval(handle)
          handle = null
          shown.set(true)
          setOpen(true)
        }, Math.max(0, answer.showAfterSeconds) * 1000)
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
      if (handle !== null) clock.clearInterval(handle)
    }
  }, [api, clock, storage, covered])

  const anchor = info?.anchor
  if (!open || !anchor) return null
  const go = (path: string) => {
    setOpen(false)
    navigate(path)
  }
  return (
    <Sheet open title={t('contact.title', { name: anchor.nickName })} closeLabel={t('close')} onClose={() => setOpen(false)} size="sm">
      <div className="vc-contact">
        <Avatar src={withImageQuality(anchor.avatarUrl)} name={anchor.nickName} size={96} decorative />
        <p className="vc-contact__greeting" dir="auto">
          {info.greeting}
        </p>
        <div className="vc-contact__actions">
          <Button onClick={() => go(chatPath(anchor.jid))} data-autofocus>
            {t('actions.chat')}
          </Button>
          <Button variant="secondary" onClick={() => go(videoCallPath(anchor.uid))}>
            {t('actions.call')}
          </Button>
        </div>
      </div>
    </Sheet>
  )
}
