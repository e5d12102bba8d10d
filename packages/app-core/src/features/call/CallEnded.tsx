import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { withImageQuality } from '@vchat/api-client'
import type { CallStars, ReportReason } from '@vchat/api-client'
import { Avatar, Button } from '@vchat/ui'
import type { CallState } from './callSlice'
import { CallRating, ReportSheet } from './CallFeedback'
import { formatDuration } from './formatDuration'

export interface CallEndedProps {
  /** 'Call ended', or 'Call failed' when it never got going. */
  statusText: string
  name: string
  avatarUrl: string
  /** Seconds talked (from the first remote frame to the end); null when the call never connected. */
  durationS: number | null
  /** The server's record of the call: what it charged, whether it was free. */
  summary: CallState['summary']
  summaryStatus: CallState['summaryStatus']
  /** Why it ended, when there is something to say (the hub's reason or a failure). */
  message: string | null
  onCallAgain?: (() => void) | undefined
  onChat?: (() => void) | undefined
  /** Offered when the call ended for want of gems. */
  onBuyGems?: (() => void) | undefined
  onClose(): void
  /**
   * Rating and report, offered for a call that connected: the feedback so far and where it goes.
   * Absent for a call that never got going (nothing to rate).
   */
  feedback?:
    | {
        state: CallState['feedback']
        onRate(stars: CallStars): void
        onReport(reason: ReportReason, detail: string): void
      }
    | undefined
}

/**
 * The end of a call: who it was with, how long it lasted and what it cost as the server recorded it
 * (a free call says so; silver a club host's call earned is told beside the cost), and what to do next — call again (through the confirmation, so the price is
 * shown again), chat with her, buy gems when they ran out, or close — and, for a call that connected,
 * stars for it and a way to report her.
 */
export function CallEnded({ statusText, name, avatarUrl, durationS, summary, summaryStatus, message, onCallAgain, onChat, onBuyGems, onClose, feedback }: CallEndedProps) {
  const { t } = useTranslation(['call', 'discover'])
  const [reporting, setReporting] = useState(false)
  const reported = feedback?.state.report === 'sent'
  const cost =
    durationS === null
      ? null
      : summaryStatus === 'loading' || summaryStatus === 'idle'
        ? t('summary.loading')
        : !summary
          ? t('summary.unknown')
          : summary.gemsCharged === 0 && summary.freeKind !== null
            ? t('history.free')
            : summary.silverCharged > 0
              ? t('summary.spent', { gems: t('history.silverCharged', { count: summary.silverCharged }) })
              : t('summary.spent', { gems: t('history.gemsCharged', { count: summary.gemsCharged }) })
  return (
    <section className="vc-call-ended" aria-labelledby="vc-call-ended-title">
      <Avatar src={withImageQuality(avatarUrl)} name={name} size={96} decorative />
      <h2 id="vc-call-ended-title" className="vc-call-ended__name" dir="auto">
        {name}
      </h2>
      <p className="vc-call__status" role="status">
        {statusText}
      </p>
      {message ? (
        <p className="vc-call__error" role="alert">
          {message}
        </p>
      ) : null}
      {durationS !== null ? (
        <p className="vc-call-ended__figure" data-testid="call-duration">
          {t('history.duration', { time: formatDuration(durationS) })}
        </p>
      ) : null}
      {cost ? (
        <p className="vc-call-ended__figure" data-testid="call-cost" aria-live="polite">
          {cost}
        </p>
      ) : null}
      {summary && summary.silverEarned > 0 ? (
        <p className="vc-call-ended__figure vc-call-ended__earned" data-testid="call-silver-earned">
          {t('summary.earned', { silver: t('history.silverCharged', { count: summary.silverEarned }) })}
        </p>
      ) : null}
      {feedback ? <CallRating name={name} stars={feedback.state.stars} status={feedback.state.rating} onRate={feedback.onRate} /> : null}
      {reported ? (
        <p className="vc-call-ended__figure" aria-live="polite">
          {t('feedback.sent')}
        </p>
      ) : null}
      <div className="vc-call__controls vc-call-ended__actions">
        {onBuyGems ? (
          <Button variant="primary" block onClick={onBuyGems}>
            {t('actions.buyGems')}
          </Button>
        ) : null}
        {onCallAgain ? (
          <Button variant={onBuyGems ? 'secondary' : 'primary'} block onClick={onCallAgain}>
            {t('history.callAgain')}
          </Button>
        ) : null}
        {onChat ? (
          <Button variant="secondary" block onClick={onChat}>
            {t('discover:actions.chat')}
          </Button>
        ) : null}
        <Button variant="secondary" block onClick={onClose}>
          {t('actions.close')}
        </Button>
        {feedback && !reported ? (
          <button type="button" className="vc-call-ended__report" onClick={() => setReporting(true)}>
            {t('feedback.report', { name })}
          </button>
        ) : null}
      </div>
      {feedback ? (
        <ReportSheet
          open={reporting && !reported}
          name={name}
          status={feedback.state.report}
          onSend={feedback.onReport}
          onClose={() => setReporting(false)}
        />
      ) : null}
    </section>
  )
}
