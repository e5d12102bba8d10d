import { Button } from '@vchat/ui'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatMessageRecord } from '../../services/types'
import type { TranslationState, UnlockState } from './chatState'
import { sameSlot } from './MessageList'
import type { RowSlot } from './MessageList'
import { callOutcome, formatDuration, kindOf, numberField, safeMediaUrl, stringField } from './messageView'

/**
 * What the sender is told about an outgoing message, each state only once it is true: the server
 * has it (success, "Sent"), the recipient's client has it (XEP-0184, "Delivered"), the recipient
 * read it with read receipts on (XEP-0333, "Read").
 */
function deliveryOf(message: Pick<ChatMessageRecord, 'state' | 'read' | 'delivered'>): 'sending' | 'error' | 'success' | 'delivered' | 'read' {
  if (message.state !== 'success') return message.state
  if (message.read) return 'read'
  return message.delivered ? 'delivered' : 'success'
}

export interface MessageBubbleProps {
  message: ChatMessageRecord
  outgoing: boolean
  /** show_translate is on: incoming text offers a translation. */
  showTranslate: boolean
  translation: TranslationState | undefined
  onRetry(mid: string): void
  onTranslate(message: ChatMessageRecord): void
  /** A paid image's unlock in this session, if any. */
  unlock?: UnlockState | undefined
  /** An unlocked paid image: the short-lived signed URL that shows it (none yet while it is asked for). */
  viewUrl?: string | undefined
  /** An unlocked paid image did not load (its signed URL expired): asks for a fresh one. */
  onViewExpired?: (message: ChatMessageRecord, viewUrl: string) => void
  /** Unlock a paid image (incoming, payNeed). */
  onUnlock?: (message: ChatMessageRecord) => void
  /** Answer an ask-gift card with its gift. */
  onSendAskedGift?: (message: ChatMessageRecord) => void
  /** In the virtualised conversation: what the list item carries (see MessageList's RowSlot). */
  row?: RowSlot | undefined
}

const timeFormats = new Map<string, Intl.DateTimeFormat>()

/** One formatter per language (building one is far slower than formatting with it). */
function timeFormat(language: string): Intl.DateTimeFormat {
  let format = timeFormats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' })
    timeFormats.set(language, format)
  }
  return format
}

/**
 * Props equal for rendering: every prop the same, the list slot the same by value (see `sameSlot`).
 * Without it the new slot object of each scroll frame rendered every visible bubble again.
 */
function sameBubbleProps(previous: MessageBubbleProps, next: MessageBubbleProps): boolean {
  const keys = Object.keys(next) as (keyof MessageBubbleProps)[]
  if (keys.length !== Object.keys(previous).length) return false
  return keys.every((key) => (key === 'row' ? sameSlot(previous.row, next.row) : previous[key] === next[key]))
}

/**
 * One message. Every user-supplied string is rendered as text; media URLs are limited to http(s).
 * Memoised: a new message in a long conversation renders that message only, and scrolling renders
 * only the rows that come into view.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  outgoing,
  showTranslate,
  translation,
  onRetry,
  onTranslate,
  unlock,
  viewUrl,
  onViewExpired,
  onUnlock,
  onSendAskedGift,
  row,
}: MessageBubbleProps) {
  const { t, i18n } = useTranslation('chat')
  const kind = kindOf(message)
  const attachment = message.attachment
  const time = timeFormat(i18n.language).format(message.date)

  // Official and system notices (violate_rule, maintenance, manager_text…) are notices, not bubbles.
  if (kind === 'notice') {
    return (
      <li className="vc-chat-notice-row" data-mid={message.mid} {...row}>
        <p role="note" className="vc-chat-notice-row__text">
          {message.content || t(`notice.type${message.type}`, { defaultValue: t('notice.generic') })}
        </p>
        <time dateTime={new Date(message.date).toISOString()}>{time}</time>
      </li>
    )
  }

  let body: React.ReactNode
  switch (kind) {
    case 'image': {
      // The server's price once it has said so, else the one the host's message carries.
      const price = unlock?.price ?? numberField(attachment, 'payPrice')
      // Unlocked: saved on the stored message (survives a reload), or just now in this session.
      const unlocked = message.unlocked === true || unlock?.status === 'done'
      const paid = Boolean((attachment as { payNeed?: unknown } | undefined)?.payNeed) && !outgoing
      const locked = paid && !unlocked
      // A paid image's own URL names it but opens nothing: unlocked, it shows through its signed URL
      // (its placeholder until that is known).
      const src = safeMediaUrl(
        locked ? stringField(attachment, 'thumbUrl') : paid ? (viewUrl ?? stringField(attachment, 'thumbUrl')) : stringField(attachment, 'url') || stringField(attachment, 'thumbUrl'),
      )
      body = locked ? (
        <div className="vc-chat-msg__paid">
          {src ? <img className="vc-chat-msg__image vc-chat-msg__image--blurred" src={src} alt="" loading="lazy" /> : null}
          <span className="vc-chat-msg__locked">{t('message.lockedImage', { count: price })}</span>
          {onUnlock ? (
            <Button variant="primary" busy={unlock?.status === 'unlocking'} onClick={() => onUnlock(message)}>
              {t('actions.unlock', { count: price })}
            </Button>
          ) : null}
          {unlock?.status === 'failed' ? (
            <span role="alert" className="vc-chat-msg__error">
              {unlock.error === 'gems' ? t('gifts.notEnoughGems') : unlock.error === 'priceChanged' ? t('message.unlockPriceChanged', { count: price }) : t('message.unlockFailed')}
            </span>
          ) : null}
        </div>
      ) : src ? (
        <img
          className="vc-chat-msg__image"
          src={src}
          alt={t('message.image')}
          loading="lazy"
          {...(paid && viewUrl && onViewExpired ? { onError: () => onViewExpired(message, viewUrl) } : {})}
        />
      ) : (
        <span>{t('message.image')}</span>
      )
      break
    }
    case 'sticker': {
      const src = safeMediaUrl(stringField(attachment, 'thumbUrl'))
      const name = stringField(attachment, 'name')
      body = src ? (
        <img className="vc-chat-msg__sticker" src={src} alt={name || t('message.sticker')} />
      ) : name ? (
        <span className="vc-chat-msg__emoji" role="img" aria-label={t('message.stickerNamed', { name })}>
          {name}
        </span>
      ) : (
        <span>{t('message.sticker')}</span>
      )
      break
    }
    case 'gift': {
      const icon = safeMediaUrl(stringField(attachment, 'iconUrl'))
      body = (
        <span className="vc-chat-msg__gift">
          {icon ? <img className="vc-chat-msg__gift-icon" src={icon} alt="" loading="lazy" /> : null}
          <span>{t('message.gift', { title: stringField(attachment, 'title'), count: numberField(attachment, 'gemsPrice') })}</span>
        </span>
      )
      break
    }
    case 'askGift': {
      const sent = Boolean((attachment as { isSend?: unknown } | undefined)?.isSend)
      body = (
        <span className="vc-chat-msg__gift vc-chat-msg__gift--ask">
          <span>{sent ? t('message.askGiftSent') : t('message.askGift', { count: numberField(attachment, 'giftPrice') })}</span>
          {!sent && !outgoing && onSendAskedGift ? (
            <Button variant="primary" onClick={() => onSendAskedGift(message)}>
              {t('actions.sendAskedGift')}
            </Button>
          ) : null}
        </span>
      )
      break
    }
    case 'shortVideo': {
      const src = safeMediaUrl(stringField(attachment, 'url'))
      const poster = safeMediaUrl(stringField(attachment, 'thumbUrl'))
      const label = t('message.shortVideo', { count: numberField(attachment, 'duration') })
      body = src ? (
        <figure className="vc-chat-msg__video">
          <video src={src} {...(poster ? { poster } : {})} controls preload="none" playsInline aria-label={label} />
          <figcaption>{label}</figcaption>
        </figure>
      ) : (
        <span>{label}</span>
      )
      break
    }
    case 'call': {
      const outcome = callOutcome(attachment)
      const text =
        outcome.kind === 'answered'
          ? t('message.callAnswered', { duration: formatDuration(outcome.seconds) })
          : outcome.kind === 'declined'
            ? t('message.callDeclined')
            : outgoing
              ? t('message.callUnanswered')
              : t('message.callMissed')
      body = <span className={`vc-chat-msg__call vc-chat-msg__call--${outcome.kind}`}>{text}</span>
      break
    }
    case 'text':
      body = <span className="vc-chat-msg__text">{message.content}</span>
      break
    default:
      body = <span>{message.content || t('message.unsupported')}</span>
  }

  const canTranslate = showTranslate && !outgoing && kind === 'text' && message.content.trim() !== ''
  return (
    <li className={`vc-chat-msg vc-chat-msg--${outgoing ? 'out' : 'in'} vc-chat-msg--${kind}`} data-mid={message.mid} data-state={message.state} {...row}>
      <div className="vc-chat-msg__bubble">
        {body}
        {canTranslate && translation ? (
          <p className="vc-chat-msg__translation" aria-live="polite">
            {translation.status === 'loading' ? t('message.translating') : translation.text}
            {translation.status === 'failed' ? ` (${t('message.translationFailed')})` : null}
          </p>
        ) : null}
      </div>
      <div className="vc-chat-msg__meta">
        <time dateTime={new Date(message.date).toISOString()}>{time}</time>
        {outgoing ? <span className={`vc-chat-msg__state vc-chat-msg__state--${deliveryOf(message)}`}>{t(`state.${deliveryOf(message)}`)}</span> : null}
        {outgoing && message.state === 'error' ? (
          <Button variant="secondary" onClick={() => onRetry(message.mid)}>
            {t('actions.retry')}
          </Button>
        ) : null}
        {canTranslate && !translation ? (
          <button type="button" className="vc-chat-msg__translate" onClick={() => onTranslate(message)}>
            {t('actions.translate')}
          </button>
        ) : null}
      </div>
    </li>
  )
}, sameBubbleProps)
