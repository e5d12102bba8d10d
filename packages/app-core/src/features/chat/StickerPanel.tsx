import { useTranslation } from 'react-i18next'
import { BUNDLED_STICKERS, type BundledSticker } from './stickers'

/** The bundled stickers (the product API has none, see stickers.ts); a tap sends one. */
export function StickerPanel({ onSend, disabled = false }: { onSend(sticker: BundledSticker): void; disabled?: boolean }) {
  const { t } = useTranslation('chat')
  return (
    <div className="vc-chat-stickers" role="group" aria-label={t('stickers.label')}>
      {BUNDLED_STICKERS.map((sticker) => (
        <button
          key={sticker.id}
          type="button"
          className="vc-chat-stickers__item"
          disabled={disabled}
          onClick={() => onSend(sticker)}
          aria-label={t('stickers.send', { name: sticker.emoji })}
        >
          <span aria-hidden="true">{sticker.emoji}</span>
        </button>
      ))}
    </div>
  )
}
