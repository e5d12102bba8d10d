import { withImageQuality } from '@vchat/api-client'
import { Avatar, Button, Sheet } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { useAppNavigate, useIsBackground } from '../../routes/navigation'
import { contactPopupLeft, loadContactPopup, selectContactPopup } from './contactPopupSlice'
import { chatPath, videoCallPath } from '../../routes/paths'

const SHOWN_KEY = 'vchat:contactPopupShown'

/**
 * The contact pop-up (contact_popup_info): after the server's delay, once per browser session, an
 * online host suggested with her greeting, to chat or call. Nothing shows when the call fails.
 * While another screen stands over the wall (a call, the match deck, a sign-in) nothing is asked or
 * counted: a sheet over a call would cover its controls. The delay starts when the wall is in front.
 * The server's suggestion is asked through `loadContactPopup` and read from the store; the delay (clock)
 * and the once-per-session mark (session storage) are the pop-up's own.
 */
export function ContactPopup() {
  const { t } = useTranslation('discover')
  const { clock, storage } = useServices()
  const dispatch = useAppDispatch()
  const navigate = useAppNavigate()
  const info = useAppSelector(selectContactPopup)
  const [open, setOpen] = useState(false)
  const covered = useIsBackground()

  useEffect(() => {
    const shown = storage.session<boolean>(SHOWN_KEY)
    if (covered || shown.get()) return undefined
    let cancelled = false
    let handle: unknown = null
    const asking = dispatch(loadContactPopup())
    void asking.then((result) => {
      // The answer is in the store by now; a host to suggest starts the server's delay.
      if (cancelled || !loadContactPopup.fulfilled.match(result)) return
      const answer = result.payload
      if (!answer.show || !answer.anchor) return
      handle = clock.setInterval(() => {
        clock.clearInterval(handle)
        handle = null
        shown.set(true)
        setOpen(true)
      }, Math.max(0, answer.showAfterSeconds) * 1000)
    })
    return () => {
      cancelled = true
      // The wall is covered or closed: an answer still on its way is not kept.
      asking.abort()
      if (handle !== null) clock.clearInterval(handle)
    }
  }, [dispatch, clock, storage, covered])

  // The suggestion goes with the wall: the next wall asks again (unless shown this session).
  useEffect(
    () => () => {
      dispatch(contactPopupLeft())
    },
    [dispatch],
  )

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
