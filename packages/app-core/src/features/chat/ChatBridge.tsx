import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { withImageQuality } from '@vchat/api-client'
import { Avatar } from '@vchat/ui'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { AppLink } from '../../routes/navigation'
import { startChatListeners } from './chatListeners'
import { noticeDismissed, selectChatNotice } from './chatSlice'
import { usePerson } from '../users'
import './chatNotice.css'

/**
 * Starts the chat's store effects (`chatListeners`) for the signed-in user — messaging login,
 * incoming messages and states into the chat slice, system notifications, the delete-messages
 * schedule — and shows the in-page notice for messages whose thread is not on screen.
 */
export function ChatBridge() {
  // The i18n instance, not `t`: the notification title follows the language without restarting messaging.
  const { i18n } = useTranslation('chat')
  const dispatch = useAppDispatch()
  const jid = useAppSelector((state) => state.auth.user?.jid ?? null)
  const notice = useAppSelector(selectChatNotice)
  const { pathname } = useLocation()
  useEffect(() => {
    if (!jid) return undefined
    return startChatListeners(dispatch, { pathname, newMessageTitle: () => i18n.t('notice.newMessage', { ns: 'chat' }) })
    // pathname is read once per signed-in user: messaging is not re-run on every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, jid])

  if (!jid || !notice || pathname.startsWith('/message')) return null
  return <ChatNotice tid={notice.tid} nickName={notice.nickName} content={notice.content} onDismiss={() => dispatch(noticeDismissed())} />
}

/** The in-page new-message notice: the sender's photo and name (from the directory) and the text. */
function ChatNotice({ tid, nickName, content, onDismiss }: { tid: string; nickName: string; content: string; onDismiss: () => void }) {
  const { t } = useTranslation('chat')
  // A conversation's id is its peer's bare jid.
  const sender = usePerson(tid, nickName)
  return (
    <div className="vc-chat-notice" role="status">
      <AppLink to={`/message?with=${encodeURIComponent(tid)}`} onClick={onDismiss} className="vc-chat-notice__link">
        <Avatar src={withImageQuality(sender.avatarUrl)} name={sender.name} size={32} decorative />
        <strong>{sender.name}</strong> <span>{content}</span>
      </AppLink>
      <button type="button" className="vc-chat-notice__close" onClick={onDismiss} aria-label={t('actions.dismiss')}>
        ×
      </button>
    </div>
  )
}
