import { Button, EmptyState, Spinner } from '@vchat/ui'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { AppLink } from '../../routes/navigation'
import type { ChatMessageRecord, ChatThreadSummary } from '../../services/types'
import {
  checkSendLock,
  openThread,
  retryMessage,
  selectActiveMessages,
  selectConnection,
  selectMessagesStatus,
  selectSendLock,
  selectShowTranslate,
  selectTranslations,
  sendMessage,
  translateMessage,
} from './chatSlice'
import { MessageBubble } from './MessageBubble'
import { isOutgoing } from './messageView'

export interface ChatViewProps {
  tid: string
  /** The thread row when known (name, official); a new conversation has none yet. */
  thread: ChatThreadSummary | undefined
  /** Back to the thread list (small screens). */
  onBack?: () => void
}

/** A conversation: header, messages (oldest first, newest at the bottom) and the composer. */
export function ChatView({ tid, thread, onBack }: ChatViewProps) {
  const { t, i18n } = useTranslation('chat')
  const dispatch = useAppDispatch()
  const me = useAppSelector((state) => state.auth.user?.jid ?? '')
  const messages = useAppSelector(selectActiveMessages)
  const status = useAppSelector(selectMessagesStatus)
  const connection = useAppSelector(selectConnection)
  const showTranslate = useAppSelector(selectShowTranslate)
  const translations = useAppSelector(selectTranslations)
  const lock = useAppSelector((state) => selectSendLock(state, tid))
  const official = thread?.official ?? false
  const peerJid = thread?.peerJid ?? tid
  const title = official ? t('official.name') : thread?.nickName || t('thread.untitled', { uid: thread?.peerUid || peerJid.split('@')[0] })
  const listRef = useRef<HTMLOListElement>(null)

  // The messaging service (and with it the stored history) exists once the chat bridge has started it,
  // which after a reload may be a moment after this screen: open the thread again when it arrives.
  const serviceStarted = connection !== 'idle'
  useEffect(() => {
    void dispatch(openThread(tid))
    if (!official) void dispatch(checkSendLock({ tid, peerJid }))
  }, [dispatch, tid, peerJid, official, serviceStarted])

  // Keep the newest message in view.
  useLayoutEffect(() => {
    const list = listRef.current
    if (list) list.scrollTop = list.scrollHeight
  }, [messages.length])

  const language = i18n.language
  const onTranslate = useCallback(
    (message: ChatMessageRecord) => void dispatch(translateMessage({ mid: message.mid, content: message.content, targetLang: language })),
    [dispatch, language],
  )
  const onRetry = useCallback((mid: string) => void dispatch(retryMessage(mid)), [dispatch])

  return (
    <section className="vc-chat-view" aria-labelledby="vc-chat-title">
      <header className="vc-chat-view__header">
        {onBack ? (
          <button type="button" className="vc-chat-view__back" onClick={onBack} aria-label={t('actions.back')}>
            ‹
          </button>
        ) : null}
        <h2 id="vc-chat-title" className="vc-chat-view__title">
          {title}
        </h2>
        <span className={`vc-chat-view__connection vc-chat-view__connection--${connection}`} role="status">
          {connection === 'connected' ? '' : t(`connection.${connection}`)}
        </span>
      </header>
      {status === 'loading' && messages.length === 0 ? (
        <div className="vc-chat-view__center">
          <Spinner label={t('loading')} />
        </div>
      ) : status === 'failed' ? (
        <EmptyState
          title={t('errors.messagesTitle')}
          message={t('errors.messagesMessage')}
          action={
            <Button variant="secondary" onClick={() => void dispatch(openThread(tid))}>
              {t('actions.tryAgain')}
            </Button>
          }
        />
      ) : messages.length === 0 ? (
        <p className="vc-chat-view__empty">{official ? t('official.welcome') : t('thread.empty')}</p>
      ) : (
        <ol className="vc-chat-view__messages" ref={listRef} aria-label={t('thread.messagesLabel', { name: title })} aria-live="polite">
          {official ? <li className="vc-chat-msg vc-chat-msg--notice">{t('official.welcome')}</li> : null}
          {messages.map((message) => (
            <MessageBubble
              key={message.mid}
              message={message}
              outgoing={isOutgoing(message, me)}
              showTranslate={showTranslate}
              translation={translations[message.mid]}
              onRetry={onRetry}
              onTranslate={onTranslate}
            />
          ))}
        </ol>
      )}
      {official ? null : lock?.locked ? (
        <div className="vc-chat-view__locked" role="note">
          <p>{t('lock.message')}</p>
          <AppLink to="/paymenthistory" className="vc-button vc-button--primary">
            {t('lock.coinStore')}
          </AppLink>
        </div>
      ) : (
        <Composer onSend={(content) => void dispatch(sendMessage({ to: peerJid, content }))} />
      )}
    </section>
  )
}

/** Text composer: Enter or the button sends; empty text is not sent. */
export function Composer({ onSend }: { onSend(content: string): void }) {
  const { t } = useTranslation('chat')
  const [text, setText] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const content = text.trim()
    if (!content) return
    onSend(content)
    setText('')
  }
  return (
    <form className="vc-chat-composer" onSubmit={submit}>
      <label className="vc-visually-hidden" htmlFor="vc-chat-input">
        {t('composer.label')}
      </label>
      <input
        id="vc-chat-input"
        name="message"
        className="vc-chat-composer__input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('composer.placeholder')}
        autoComplete="off"
        maxLength={2000}
      />
      <Button type="submit" disabled={text.trim() === ''}>
        {t('composer.send')}
      </Button>
    </form>
  )
}
