import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { withImageQuality } from '@vchat/api-client'
import { Avatar } from '@vchat/ui'
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { AppLink } from '../../routes/navigation'
import { chatEvent, chatEventsBatched, connectMessaging, loadThreads, noticeDismissed, pruneOldMessages, selectChatNotice, selectConnection } from './chatSlice'
import { selectMessageRetentionDays } from '../settings/settingsSlice'
import type { ChatEvent } from '../../services/types'
import { usePerson } from '../users/usePerson'
import { selectUser } from '../users/usersSlice'
import './chatNotice.css'

/** After a batch is applied, the next waits this long: a burst of messages renders at most once per frame. */
const EVENT_BATCH_MS = 16

/**
 * Connects messaging to the store for the whole signed-in app: the messaging login of a restored
 * session, incoming messages and states into the chat slice (unread badge, open thread), and the
 * in-page notice plus a system notification (when permitted and the tab is hidden) for messages
 * whose thread is not on screen.
 */
export function ChatBridge() {
  const { t } = useTranslation('chat')
  const dispatch = useAppDispatch()
  const { chat } = useServices()
  const jid = useAppSelector((state) => state.auth.user?.jid ?? null)
  const notice = useAppSelector(selectChatNotice)
  const { pathname } = useLocation()
  const store = useAppStore()

  useEffect(() => {
    if (!jid) return
    // Events reported together (the messenger reports a stored batch in one go) are applied as one
    // action at the end of the current task: no added latency for a lone message. While a burst
    // lasts, batches are at least EVENT_BATCH_MS apart, so the thread renders at most once a frame.
    let pending: ChatEvent[] = []
    let scheduled = false
    let cooling: ReturnType<typeof setTimeout> | null = null
    let active = true
    const flush = () => {
      scheduled = false
      if (!active || cooling !== null || !pending.length) return
      const events = pending
      pending = []
      dispatch(events.length === 1 && events[0] ? chatEvent(events[0]) : chatEventsBatched(events))
      cooling = setTimeout(() => {
        cooling = null
        flush()
      }, EVENT_BATCH_MS)
    }
    const unsubscribe = chat.subscribe((event) => {
      pending.push(event)
      if (!scheduled && cooling === null) {
        scheduled = true
        queueMicrotask(flush)
      }
      // History read from the archive is not news: no notification for it.
      if (event.kind === 'message' && !event.archived && typeof document !== 'undefined' && document.visibilityState === 'hidden') {
        // Named as the directory names the sender (the name the message carries is the sender's say).
        const sender = selectUser(store.getState(), event.message.from)?.nickName
        showSystemNotification(sender || event.message.nickName || t('notice.newMessage'), event.message.content, event.message.mid)
      }
    })
    dispatch(chatEvent({ kind: 'state', state: chat.state }))
    void dispatch(connectMessaging(pathname)).then(() => dispatch(loadThreads()))
    return () => {
      active = false
      unsubscribe()
      if (cooling !== null) clearTimeout(cooling)
      cooling = null
      if (pending.length) dispatch(chatEventsBatched(pending))
      pending = []
    }
    // pathname is read once per signed-in user: messaging is not re-run on every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chat, dispatch, jid])

  // The delete-messages schedule runs once messaging is up, and again whenever the choice changes.
  const connected = useAppSelector(selectConnection) === 'connected'
  const retentionDays = useAppSelector(selectMessageRetentionDays)
  useEffect(() => {
    if (jid && connected && retentionDays > 0) void dispatch(pruneOldMessages())
  }, [dispatch, jid, connected, retentionDays])

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

function showSystemNotification(title: string, body: string, mid: string) {
  try {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
    // Tagged with the message: every hidden tab of the account hears it, the system shows it once.
    new Notification(title, { body, tag: mid })
  } catch {
    // Some browsers allow notifications only from a service worker: the in-page notice remains.
  }
}
