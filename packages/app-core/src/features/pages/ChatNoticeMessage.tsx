import { useTranslation } from 'react-i18next'

/** Kinds of chat notices (SPEC §3 message types 5 system, 21 official, 22 violate_rule, 23 maintenance). */
export type ChatNoticeKind = 'system' | 'official' | 'violation' | 'maintenance' | 'blocked'

/**
 * A notice line inside a conversation (centred, not a bubble). The text is shown as text only; with
 * no text, the kind's standard wording is used.
 */
export function ChatNoticeMessage({ kind, text }: { kind: ChatNoticeKind; text?: string | undefined }) {
  const { t } = useTranslation('app')
  return (
    <div className={`vc-chat-notice-message vc-chat-notice-message--${kind}`} role="note" aria-label={t(`chatNotice.${kind}`)}>
      <span className="vc-chat-notice-message__text">{text && text.trim() !== '' ? text : t(`chatNotice.default.${kind}`)}</span>
    </div>
  )
}
