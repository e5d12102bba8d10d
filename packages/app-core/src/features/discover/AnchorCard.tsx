import type { AnchorInfo, OnlineStatus } from '@vchat/api-client'
import { memo } from 'react'
import { withImageQuality } from '@vchat/api-client'
import { AnchorFacts, PresenceBadge } from '../anchor'
import { AppLink } from '../../routes/navigation'
import { profilePathOf as profilePath } from '../../routes/paths'
import './anchorCard.css'

/** What a card shows of a host: the wall's `AnchorInfo` or the visitor's `PublicHost` alike. */
export type CardHost = Pick<AnchorInfo, 'jid' | 'nickName' | 'avatarUrl' | 'country' | 'gender' | 'birthday'>

/**
 * The card picture's candidates: half and full SPEC §9 quality (240 and 480 px wide), so a phone with
 * two columns downloads the smaller one. A `data:` or `blob:` picture has no sizes (and its commas
 * would break a srcset): it goes out as it is.
 */
function cardSrcSet(url: string): string | undefined {
  const full = withImageQuality(url)
  return full === url ? undefined : `${withImageQuality(url, 240)} 240w, ${full} 480w`
}

/** The width a card takes: half a phone, a fifth or less of a desktop wall. */
const CARD_SIZES = '(min-width: 1024px) 20vw, (min-width: 600px) 33vw, 50vw'

/**
 * One host on the wall: picture at the 480 px quality, name, flag, gender, age, presence. The picture
 * keeps its 3:4 place before it arrives (width and height), so nothing below it moves.
 */
export const AnchorCard = memo(function AnchorCard({ anchor, status, now }: { anchor: CardHost; status: OnlineStatus; now: Date }) {
  const srcSet = cardSrcSet(anchor.avatarUrl)
  return (
    <AppLink to={profilePath(anchor.jid)} className="vc-anchor-card" data-jid={anchor.jid}>
      <img
        className="vc-anchor-card__image"
        src={withImageQuality(anchor.avatarUrl)}
        {...(srcSet ? { srcSet, sizes: CARD_SIZES } : {})}
        alt=""
        loading="lazy"
        decoding="async"
        width={480}
        height={640}
      />
      <span className="vc-anchor-card__info">
        <PresenceBadge status={status} now={now} />
        <span className="vc-anchor-card__name" dir="auto">
          {anchor.nickName}
        </span>
        <AnchorFacts anchor={anchor} now={now} />
      </span>
    </AppLink>
  )
})
