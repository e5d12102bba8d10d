import { Button } from '@vchat/ui'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatMessageRecord } from '../../services/types'
import type { TranslationState } from './chatSlice'
import { kindOf, numberField, safeMediaUrl, stringField } from './messageView'

export interface MessageBubbleProps {
  message: ChatMessageRecord
  outgoing: boolean
  /** show_translate is on: incoming text offers a translation. */
  showTranslate: boolean
  translation: TranslationState | undefined
  onRetry(mid: string): void
  onTranslate(message: ChatMessageRecord): void
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
 * One message. Every user-supplied string is rendered as text; media URLs are limited to http(s).
 * Memoised: a new message in a long conversation renders that message only.
 */
export const MessageBubble = memo(function MessageBubble({ message, outgoing, showTranslate, translation, onRetry, onTranslate }: MessageBubbleProps) {
  const { t, i18n } = useTranslation('chat')
  const kind = kindOf(message)
  const attachment = message.attachment
  const time = timeFormat(i18n.language).format(message.date)

  let body: React.ReactNode
  switch (kind) {
    case 'image': {
      const locked = Boolean((attachment as { payNeed?: unknown } | undefined)?.payNeed)
      const src = safeMediaUrl(stringField(attachment, 'thumbUrl') || stringField(attachment, 'url'))
      body = locked ? (
        <span className="vc-chat-msg__locked">{t('message.lockedImage', { count: numberField(attachment, 'payPrice') })}</span>
      ) : src ? (
        <img className="vc-chat-msg__image" src={src} alt={t('message.image')} loading="lazy" />
      ) : (
        <span>{t('message.image')}</span>
      )
      break
    }
    case 'sticker': {
      const src = safeMediaUrl(stringField(attachment, 'thumbUrl'))
      const name = stringField(attachment, 'name')
      body = src ? <img className="vc-chat-msg__sticker" src={src} alt={name || t('message.sticker')} /> : <span>{name || t('message.sticker')}</span>
      break
    }
    case 'gift':
      body = <span className="vc-chat-msg__gift">{t('message.gift', { title: stringField(attachment, 'title'), count: numberField(attachment, 'gemsPrice') })}</span>
      break
    case 'askGift':
      body = (
        <span className="vc-chat-msg__gift">
          {(attachment as { isSend?: unknown } | undefined)?.isSend ? t('message.askGiftSent') : t('message.askGift', { count: numberField(attachment, 'giftPrice') })}
        </span>
      )
      break
    case 'shortVideo':
      body = <span>{t('message.shortVideo', { count: numberField(attachment, 'duration') })}</span>
      break
    case 'call':
      body = <span className="vc-chat-msg__call">{t('message.call', { reason: stringField(attachment, 'reason') || t('message.callEnded') })}</span>
      break
    case 'notice':
      body = <span>{message.content || t(`notice.type${message.type}`, { defaultValue: t('notice.generic') })}</span>
      break
    case 'text':
      body = <span className="vc-chat-msg__text">{message.content}</span>
      break
    default:
      body = <span>{message.content || t('message.unsupported')}</span>
  }

  const canTranslate = showTranslate && !outgoing && kind === 'text' && message.content.trim() !== ''
  return (
    <li className={`vc-chat-msg vc-chat-msg--${outgoing ? 'out' : 'in'} vc-chat-msg--${kind}`} data-mid={message.mid} data-state={message.state}>
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
        {outgoing ? <span className="vc-chat-msg__state">{t(`state.${message.state}`)}</span> : null}
        {outgoing && message.state === 'success' && message.read ? <span className="vc-chat-msg__read">{t('state.read')}</span> : null}
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
})
