import type { ClubCallTimes } from '@vchat/api-client'
import { Button } from '@vchat/ui'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../app/hooks'
import { useAppNavigate } from '../../routes/navigation'
import { selectConfig } from '../config'
import { silverCallBlock, silverCallPath } from './silverCallOffer'
import './call.css'

export interface SilverCallActionProps {
  /** The club host's uid. */
  uid: string
  /** The host's name, for the action's accessible name where several hosts are listed. */
  name: string
  /** The user's silver calls today (null: not known yet). */
  times: ClubCallTimes | null
  /** The host's silver coins per minute (null: not known). */
  price: number | null
  /** The user's silver coins (null: not loaded yet). */
  silverBalance: number | null
  /** Say how silver is earned when the balance is short (default true; the club says it once for all its hosts). */
  earnHint?: boolean
}

/**
 * "Silver call" with a club host: opens the silver call guide (/video/{uid}?tier=silver). Shows the
 * calls left today and how long each lasts; disabled, with the reason, when none are left today or the
 * silver balance is short of the host's price per minute — and then, where the server pays silver for
 * paid calls with club hosts (config `silverPerPaidClubMinute`), how to earn it.
 */
export function SilverCallAction({ uid, name, times, price, silverBalance, earnHint = true }: SilverCallActionProps) {
  const { t, ready } = useTranslation('call')
  const navigate = useAppNavigate()
  const noteId = useId()
  const block = silverCallBlock(times, price, silverBalance)
  const earnPerMinute = useAppSelector(selectConfig)?.veegoInfo.silverInfoConf.silverPerPaidClubMinute ?? 0
  // The call texts load with the first screen that needs them: no action with untranslated keys.
  if (!ready) return null
  const note =
    block === 'none-left'
      ? t('silver.offerNoneLeft')
      : block === 'balance-short'
        ? t('silver.offerBalanceShort', { price, balance: silverBalance })
        : times !== null
          ? t('silver.offer', { count: times.availableTimes, seconds: times.silverCallDuration })
          : null
  const hint = block === 'balance-short' && earnHint && earnPerMinute > 0 ? t('silver.earnHint', { amount: earnPerMinute }) : null
  return (
    <div className="vc-silver-action">
      <Button
        variant="secondary"
        disabled={block !== null}
        aria-label={t('silver.callWith', { name })}
        aria-describedby={note === null ? undefined : noteId}
        onClick={() => navigate(silverCallPath(uid))}
      >
        {t('silver.title')}
      </Button>
      {note === null ? null : (
        <span id={noteId} className={block === null ? 'vc-silver-action__note' : 'vc-silver-action__note vc-silver-action__note--blocked'}>
          {note}
          {/* On its own line; a space keeps the two sentences apart for screen readers. */}
          {hint === null ? null : (
            <>
              <br /> {hint}
            </>
          )}
        </span>
      )}
    </div>
  )
}
