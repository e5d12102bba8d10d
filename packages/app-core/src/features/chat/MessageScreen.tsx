import { Button, EmptyState, Spinner } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useBreakpoint } from '../../layout/useBreakpoint'
import { selectConnection, selectThreads, selectThreadsStatus } from './chatSlice'
import { closeThread, loadThreads } from './chatThunks'
import { ChatView } from './ChatView'
import { ThreadList } from './ThreadList'
import { NotificationPrompt } from '../notifications'
import './chat.css'

/** Search parameter that opens a conversation: `/message?with=anchor_200001@localhost`. */
export const THREAD_PARAM = 'with'

/**
 * /message: the thread list and the open conversation side by side; at the smallest breakpoint one
 * at a time (SPEC §2: the instant-message panel opens on /message).
 */
export function MessageScreen({ title = true }: { title?: boolean }) {
  const { t } = useTranslation('chat')
  const dispatch = useAppDispatch()
  const threads = useAppSelector(selectThreads)
  const status = useAppSelector(selectThreadsStatus)
  const [params, setParams] = useSearchParams()
  const tid = params.get(THREAD_PARAM)
  const narrow = useBreakpoint().isMobile

  // Again once the messaging service has started (after a reload it may start after this screen).
  const serviceStarted = useAppSelector(selectConnection) !== 'idle'
  useEffect(() => {
    void dispatch(loadThreads())
  }, [dispatch, serviceStarted])
  useEffect(
    () => () => {
      void dispatch(closeThread())
    },
    [dispatch],
  )

  const open = (next: string | null) => {
    const copy = new URLSearchParams(params)
    if (next) copy.set(THREAD_PARAM, next)
    else copy.delete(THREAD_PARAM)
    setParams(copy)
    if (!next) void dispatch(closeThread())
  }
  const thread = tid ? threads.find((item) => item.tid === tid) : undefined

  let list: React.ReactNode
  if (status === 'loading' || status === 'idle') {
    list = (
      <div className="vc-chat-view__center">
        <Spinner label={t('loading')} />
      </div>
    )
  } else if (status === 'failed') {
    list = (
      <EmptyState
        title={t('errors.threadsTitle')}
        message={t('errors.threadsMessage')}
        action={
          <Button variant="secondary" onClick={() => void dispatch(loadThreads())}>
            {t('actions.tryAgain')}
          </Button>
        }
      />
    )
  } else if (threads.length === 0) {
    list = <EmptyState title={t('threads.emptyTitle')} message={t('threads.emptyMessage')} />
  } else {
    list = <ThreadList threads={threads} activeTid={tid} onOpen={(item) => open(item.tid)} />
  }

  const showList = !narrow || !tid
  const showChat = Boolean(tid)
  return (
    <section className="vc-app-page vc-chat" aria-labelledby="screen-message">
      <h1 id="screen-message" className={title ? 'vc-app-page__title' : 'vc-visually-hidden'}>
        {t('title')}
      </h1>
      {showList ? <NotificationPrompt /> : null}
      <div className="vc-chat__panes">
        {showList ? <div className="vc-chat__list">{list}</div> : null}
        {showChat && tid ? (
          <div className="vc-chat__conversation">
            <ChatView key={tid} tid={tid} thread={thread} {...(narrow ? { onBack: () => open(null) } : {})} />
          </div>
        ) : !narrow ? (
          <p className="vc-chat__placeholder">{t('threads.pick')}</p>
        ) : null}
      </div>
    </section>
  )
}
