import { Spinner } from '@vchat/ui'
import type { CallQualityLevel } from '@vchat/webrtc-call'
import { useTranslation } from 'react-i18next'
import './callQuality.css'

export interface CallQualityProps {
  /** The connection's level to show (`CallQualitySample.level`, already smoothed); null before the first reading. */
  level: CallQualityLevel | null
  /** The call is getting its connection back: a spinner and "Reconnecting…" take the bars' place. */
  reconnecting?: boolean
}

/** Bars lit per level, out of three: one bar stays lit while anything gets through, none when lost. */
const LIT_BARS: Readonly<Record<CallQualityLevel, number>> = { good: 3, fair: 2, poor: 1, lost: 0 }
const BARS = [1, 2, 3] as const

/**
 * The call's connection indicator: three signal bars coloured by level, named for screen readers
 * ("Connection: good"), with a short hint when the connection is poor; while the call reconnects, a
 * spinner and "Reconnecting…". Before the first reading the bars are drawn unlit. Hint and reconnecting
 * text go to a polite live region that is always there, so a change is announced without interrupting.
 */
export function CallQuality({ level, reconnecting = false }: CallQualityProps) {
  const { t } = useTranslation('call')
  const message = reconnecting ? t('quality.reconnecting') : level === 'poor' ? t('quality.poorHint') : ''
  return (
    <div className="vc-call-quality" data-level={reconnecting ? 'reconnecting' : (level ?? 'unknown')}>
      {reconnecting ? (
        // Decorative here: the live region beside it says "Reconnecting…" once, visibly and aloud.
        <span className="vc-call-quality__spinner" aria-hidden="true">
          <Spinner label={t('quality.reconnecting')} />
        </span>
      ) : (
        <span className="vc-call-quality__bars" role="img" aria-label={level ? t(`quality.${level}`) : t('quality.checking')}>
          {BARS.map((bar) => (
            <span key={bar} className="vc-call-quality__bar" data-lit={level !== null && bar <= LIT_BARS[level]} />
          ))}
        </span>
      )}
      <span className="vc-call-quality__message" aria-live="polite">
        {message}
      </span>
    </div>
  )
}
