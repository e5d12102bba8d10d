import { withImageQuality } from '@vchat/api-client'
import { Avatar, BackIcon, Button, EmptyState, GiftIcon, ImageIcon, ProgressBar, SmileIcon, Spinner, VideoIcon } from '@vchat/ui'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ChangeEvent, FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_TYPES } from '../../constants'
import type { ChatMessageRecord, ChatThreadSummary } from '../../services/types'
import { CoinStorePanel } from '../wallet'
import { selectActiveMessages, selectConnection, selectHasOlder, selectImageViews, selectMessagesStatus, selectOlderStatus, selectPeerTyping, selectSendLock } from './chatSlice'
import type { PendingUpload } from './chatState'
import { checkSendLock, composerLeft, composerTyped, loadOlderMessages, openThread, retryMessage, sendMessage, syncImageUnlocks } from './chatThunks'
import { selectUnlocks } from './purchaseSlice'
import { unlockImage } from './purchaseThunks'
import { selectShowTranslate, selectTranslations, translateMessage } from './translationSlice'
import { selectUploads } from './uploadSlice'
import { discardUpload, releaseUploadPreviews, sendImage } from './uploadThunks'
import { AppLink } from '../../routes/navigation'
import { isAnchorJid, uidOfJid } from '@vchat/contract'
import { profilePathOf, videoCallPath } from '../../routes/paths'
import { usePerson } from '../users'
import { GiftPanel } from './GiftPanel'
import { MessageBubble } from './MessageBubble'
import { MessageList } from './MessageList'
import type { MessageRow, RowSlot } from './MessageList'
import { MessageType } from '@vchat/contract'
import { checkImageFile, isOutgoing, kindOf, numberField, stringField } from './messageView'
import { StickerPanel } from './StickerPanel'
import { stickerAttachment } from './stickers'
import type { BundledSticker } from './stickers'
import { PeerPresence } from './PeerPresence'

export interface ChatViewProps {
  tid: string
  /** The thread row when known (name, official); a new conversation has none yet. */
  thread: ChatThreadSummary | undefined
  /** Back to the thread list (small screens). */
  onBack?: () => void
}

/** A conversation: header, messages (oldest first, newest at the bottom) and the composer. */
export function ChatView({ tid, thread, onBack }: ChatViewProps) {
  const { t, i18n } = useTranslation(['chat', 'discover'])
  const dispatch = useAppDispatch()
  const me = useAppSelector((state) => state.auth.user?.jid ?? '')
  const messages = useAppSelector(selectActiveMessages)
  const status = useAppSelector(selectMessagesStatus)
  const hasOlder = useAppSelector(selectHasOlder)
  const olderStatus = useAppSelector(selectOlderStatus)
  const connection = useAppSelector(selectConnection)
  const showTranslate = useAppSelector(selectShowTranslate)
  const translations = useAppSelector(selectTranslations)
  const imageViews = useAppSelector(selectImageViews)
  const lock = useAppSelector((state) => selectSendLock(state, tid))
  const unlocks = useAppSelector(selectUnlocks)
  const allUploads = useAppSelector(selectUploads)
  const uploads = useMemo(() => allUploads.filter((upload) => upload.tid === tid), [allUploads, tid])
  const [giftPanel, setGiftPanel] = useState<{ asked: { mid: string; giftId: string } | null } | null>(null)
  const [storeOpen, setStoreOpen] = useState(false)
  const official = thread?.official ?? false
  const peerJid = thread?.peerJid ?? tid
  const peerTyping = useAppSelector((state) => selectPeerTyping(state, peerJid))
  const peer = usePerson(official ? '' : peerJid, thread?.nickName)
  const title = official ? t('official.name') : peer.name
  const rows = useMemo<MessageRow<PendingUpload>[]>(
    () => [
      ...(official ? [{ kind: 'welcome' as const, key: 'welcome' }] : []),
      ...messages.map((message) => ({ kind: 'message' as const, key: message.mid, message })),
      ...uploads.map((upload) => ({ kind: 'upload' as const, key: upload.id, upload })),
    ],
    [official, messages, uploads],
  )
  const newest = rows.at(-1)
  const lastIsOwn = newest?.kind === 'upload' || (newest?.kind === 'message' && isOutgoing(newest.message, me))
  const newestIncoming = useMemo(() => {
    for (let i = messages.length - 1; i >= 0; i--) {
      const message = messages[i]
      if (message && !isOutgoing(message, me)) return message
    }
    return null
  }, [messages, me])
  const announcement = useMemo(() => {
    if (!newestIncoming) return null
    const kind = kindOf(newestIncoming)
    const text = kind === 'text' || kind === 'notice' ? newestIncoming.content : t(`preview.${kind}`)
    return { key: newestIncoming.mid, text }
  }, [newestIncoming, t])

  // The messaging service (and with it the stored history) exists once the chat bridge has started it,
  // which after a reload may be a moment after this screen: open the thread again when it arrives.
  const serviceStarted = connection !== 'idle'
  useEffect(() => {
    void dispatch(openThread(tid))
    if (!official) void dispatch(checkSendLock({ tid, peerJid }))
  }, [dispatch, tid, peerJid, official, serviceStarted])

  // Leaving the conversation (or switching to another) ends this user's typing notice to the peer.
  useEffect(() => () => void dispatch(composerLeft(peerJid)), [dispatch, peerJid])

  // Photo previews of this thread are object URLs: released when this view (and its composer) goes.
  useEffect(() => () => void dispatch(releaseUploadPreviews(tid)), [dispatch, tid])

  const onLoadOlder = useCallback(() => void dispatch(loadOlderMessages(tid)), [dispatch, tid])
  const language = i18n.language
  const typingLine = peerTyping && connection === 'connected' ? t('typing') : ''
  const onTranslate = useCallback(
    (message: ChatMessageRecord) => void dispatch(translateMessage({ mid: message.mid, content: message.content, targetLang: language })),
    [dispatch, language],
  )
  const onRetry = useCallback((mid: string) => void dispatch(retryMessage(mid)), [dispatch])
  const onUnlock = useCallback(
    (message: ChatMessageRecord) => {
      const url = stringField(message.attachment, 'url')
      const price = numberField(message.attachment, 'payPrice')
      void dispatch(unlockImage({ mid: message.mid, url, anchorJid: message.from, price })).then((result) => {
        if (unlockImage.rejected.match(result) && result.payload === 'gems') setStoreOpen(true)
      })
    },
    [dispatch, setStoreOpen],
  )
  // An unlocked photo whose signed URL stopped working (it expired, or the image host restarted):
  // asked again once per URL, so a photo that cannot load does not ask in a loop.
  const viewsAskedAgain = useRef(new Set<string>())
  const onViewExpired = useCallback(
    (message: ChatMessageRecord, viewUrl: string) => {
      if (viewsAskedAgain.current.has(viewUrl)) return
      viewsAskedAgain.current.add(viewUrl)
      void dispatch(syncImageUnlocks([message]))
    },
    [dispatch],
  )
  const onSendAskedGift = useCallback(
    (message: ChatMessageRecord) => setGiftPanel({ asked: { mid: message.mid, giftId: stringField(message.attachment, 'giftId') } }),
    [setGiftPanel],
  )
  const needGems = () => {
    setGiftPanel(null)
    setStoreOpen(true)
  }

  return (
    <section className="vc-chat-view" aria-labelledby="vc-chat-title">
      <header className="vc-chat-view__header">
        {onBack ? (
          <button type="button" className="vc-chat-view__back" onClick={onBack} aria-label={t('actions.back')}>
            <BackIcon />
          </button>
        ) : null}
        {official ? null : (
          <Avatar className="vc-chat-view__avatar" src={withImageQuality(peer.avatarUrl)} name={title} size={40} decorative />
        )}
        <div className="vc-chat-view__heading">
          <h2 id="vc-chat-title" className="vc-chat-view__title">
            {/* A host's name opens her profile (price, photos, call), as in the category's apps. */}
            {peer.kind === 'anchor' && !official ? (
              <AppLink to={profilePathOf(peerJid)} className="vc-chat-view__title-link">
                {title}
              </AppLink>
            ) : (
              title
            )}
          </h2>
          {/* Told politely to screen readers, like the connection below; nothing while nobody types. */}
          <span className="vc-chat-view__typing" aria-live="polite">
            {typingLine}
          </span>
          {official ? null : <PeerPresence peer={peerJid} connected={connection === 'connected'} hidden={typingLine !== ''} />}
        </div>
        <span className={`vc-chat-view__connection vc-chat-view__connection--${connection}`} role="status">
          {connection === 'connected' ? '' : t(`connection.${connection}`)}
        </span>
        {/* A call is one tap from the conversation with a host (Chamet, LivU): the confirmation shows her price. */}
        {peer.kind === 'anchor' && !official && !isAnchorJid(me) ? (
          <AppLink to={videoCallPath(uidOfJid(peerJid))} className="vc-chat-view__call" aria-label={t('discover:actions.call')}>
            <VideoIcon />
          </AppLink>
        ) : null}
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
      ) : messages.length === 0 && uploads.length === 0 ? (
        <p className="vc-chat-view__empty">{official ? t('official.welcome') : t('thread.empty')}</p>
      ) : (
        <MessageList
          key={tid}
          rows={rows}
          label={t('thread.messagesLabel', { name: title })}
          lastIsOwn={lastIsOwn}
          hasOlder={hasOlder}
          olderStatus={olderStatus}
          onLoadOlder={onLoadOlder}
          announcement={announcement}
          renderRow={(row, slot) => {
            switch (row.kind) {
              case 'welcome':
                return (
                  <li key={row.key} {...slot} className="vc-chat-msg vc-chat-msg--notice">
                    {t('official.welcome')}
                  </li>
                )
              case 'upload':
                return (
                  <UploadBubble
                    key={row.key}
                    slot={slot}
                    upload={row.upload}
                    onRetry={() => void dispatch(sendImage({ to: peerJid, id: row.upload.id }))}
                    onDiscard={() => void dispatch(discardUpload(row.upload.id))}
                  />
                )
              case 'message':
                return (
                  <MessageBubble
                    key={row.key}
                    row={slot}
                    message={row.message}
                    outgoing={isOutgoing(row.message, me)}
                    showTranslate={showTranslate}
                    translation={translations[row.message.mid]}
                    onRetry={onRetry}
                    onTranslate={onTranslate}
                    unlock={unlocks[row.message.mid]}
                    viewUrl={imageViews[row.message.mid]}
                    onViewExpired={onViewExpired}
                    onUnlock={onUnlock}
                    onSendAskedGift={onSendAskedGift}
                  />
                )
              default:
                return null
            }
          }}
        />
      )}
      {official ? null : lock?.locked ? (
        <div className="vc-chat-view__locked" role="note">
          <p>{t('lock.message')}</p>
          <Button variant="primary" onClick={() => setStoreOpen(true)}>
            {t('lock.coinStore')}
          </Button>
        </div>
      ) : (
        <Composer
          onSend={(content) =>
            dispatch(sendMessage({ to: peerJid, content }))
              .unwrap()
              .then(
                () => true,
                () => false,
              )
          }
          {...(official ? {} : { onTyping: () => void dispatch(composerTyped(peerJid)) })}
          onImage={(file) => void dispatch(sendImage({ to: peerJid, file }))}
          onSticker={(sticker) => void dispatch(sendMessage({ to: peerJid, content: '', type: MessageType.Sticker, attachment: stickerAttachment(sticker) }))}
          onGifts={() => setGiftPanel({ asked: null })}
        />
      )}
      {official ? null : (
        <GiftPanel open={giftPanel !== null} to={peerJid} asked={giftPanel?.asked ?? null} onClose={() => setGiftPanel(null)} onNeedGems={needGems} />
      )}
      <CoinStorePanel open={storeOpen} onClose={() => setStoreOpen(false)} />
    </section>
  )
}

/** An image on its way: the local thumbnail with the upload's progress, or Retry / Remove after a failure. */
function UploadBubble({ upload, slot, onRetry, onDiscard }: { upload: PendingUpload; slot: RowSlot; onRetry(): void; onDiscard(): void }) {
  const { t } = useTranslation('chat')
  return (
    <li {...slot} className="vc-chat-msg vc-chat-msg--out vc-chat-msg--upload" data-state={upload.status === 'failed' ? 'error' : 'sending'}>
      <div className="vc-chat-msg__bubble">
        {upload.previewUrl ? <img className="vc-chat-msg__image" src={upload.previewUrl} alt={t('upload.preview')} /> : null}
        {upload.status === 'uploading' ? <ProgressBar label={t('upload.progress')} value={upload.progress ?? undefined} /> : null}
      </div>
      <div className="vc-chat-msg__meta">
        {upload.status === 'failed' ? (
          <>
            <span role="alert">{t('upload.failed')}</span>
            <Button variant="secondary" onClick={onRetry}>
              {t('actions.retry')}
            </Button>
            <Button variant="secondary" onClick={onDiscard}>
              {t('actions.remove')}
            </Button>
          </>
        ) : (
          <span className="vc-chat-msg__state">{t('upload.uploading')}</span>
        )}
      </div>
    </li>
  )
}

interface ComposerProps {
  /** Sends the text; answers whether the message was taken (it is then in the outbox, whatever the network). */
  onSend(content: string): Promise<boolean>
  /** Each keystroke that leaves text in the composer (the peer is told this user is typing). */
  onTyping?: () => void
  /** A checked image file (its local preview is made, and released, with the upload). */
  onImage?: (file: File) => void
  onSticker?: (sticker: BundledSticker) => void
  onGifts?: () => void
}

/**
 * The composer: text (Enter or the button sends; empty text is not sent), a photo (checked for type and
 * size before it is uploaded), the sticker panel and the gift panel. The box empties as the message
 * goes, as in every chat app; a message the app could not take (no messaging sign-in) comes back into
 * the box, before anything typed since, with an error — nothing typed is lost.
 */
function Composer({ onSend, onTyping, onImage, onSticker, onGifts }: ComposerProps) {
  const { t } = useTranslation('chat')
  const [text, setText] = useState('')
  const [stickers, setStickers] = useState(false)
  const [imageError, setImageError] = useState<'type' | 'size' | 'empty' | null>(null)
  const [refused, setRefused] = useState(false)
  const fileRef = useRef<HTMLInputElement>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const content = text.trim()
    if (!content) return
    setText('')
    setRefused(false)
    void onSend(content).then((taken) => {
      if (taken) return
      setText((typed) => (typed.trim() === '' ? content : `${content} ${typed}`))
      setRefused(true)
    })
  }
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file || !onImage) return
    const check = checkImageFile(file, CHAT_IMAGE_TYPES, CHAT_IMAGE_MAX_BYTES)
    if (!check.ok) {
      setImageError(check.reason)
      return
    }
    setImageError(null)
    onImage(file)
  }
  return (
    <div className="vc-chat-composer-area">
      {refused ? (
        <p className="vc-chat-composer__error" role="alert">
          {t('composer.notSent')}
        </p>
      ) : null}
      {imageError ? (
        <p className="vc-chat-composer__error" role="alert">
          {t(`upload.invalid.${imageError}`, { size: CHAT_IMAGE_MAX_BYTES / (1024 * 1024) })}
        </p>
      ) : null}
      {stickers && onSticker ? (
        <StickerPanel
          onSend={(sticker) => {
            onSticker(sticker)
            setStickers(false)
          }}
        />
      ) : null}
      <form className="vc-chat-composer" onSubmit={submit}>
        {onImage ? (
          <>
            <input
              ref={fileRef}
              id="vc-chat-image"
              type="file"
              accept={CHAT_IMAGE_TYPES.join(',')}
              className="vc-visually-hidden"
              onChange={picked}
              aria-label={t('composer.image')}
              tabIndex={-1}
            />
            <button type="button" className="vc-chat-composer__tool" onClick={() => fileRef.current?.click()} aria-label={t('composer.image')}>
              <ImageIcon />
            </button>
          </>
        ) : null}
        {onSticker ? (
          <button type="button" className="vc-chat-composer__tool" aria-expanded={stickers} onClick={() => setStickers((open) => !open)} aria-label={t('composer.stickers')}>
            <SmileIcon />
          </button>
        ) : null}
        {onGifts ? (
          <button type="button" className="vc-chat-composer__tool" onClick={onGifts} aria-label={t('composer.gifts')}>
            <GiftIcon />
          </button>
        ) : null}
        <label className="vc-visually-hidden" htmlFor="vc-chat-input">
          {t('composer.label')}
        </label>
        <input
          id="vc-chat-input"
          name="message"
          className="vc-chat-composer__input"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            if (event.target.value.trim() !== '') onTyping?.()
          }}
          placeholder={t('composer.placeholder')}
          autoComplete="off"
          maxLength={2000}
        />
        <Button type="submit" disabled={text.trim() === ''}>
          {t('composer.send')}
        </Button>
      </form>
    </div>
  )
}
