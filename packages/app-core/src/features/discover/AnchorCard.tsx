import type { AnchorInfo, OnlineStatus } from '@vchat/api-client'
import { memo } from 'react'
import { withImageQuality } from '@vchat/api-client'
import { AnchorFacts, PresenceBadge } from '../anchor/AnchorBadges'
import { AppLink } from '../../routes/navigation'
import { profilePathOf as profilePath } from './paths'


/** One host on the wall: picture at the 480 px quality, name, flag, gender, age, presence. */
export const AnchorCard = memo(function AnchorCard({ anchor, status, now }: { anchor: AnchorInfo; status: OnlineStatus; now: Date }) {
  return (
    <AppLink to={profilePath(anchor.jid)} className="vc-anchor-card" data-jid={anchor.jid}>
      <img className="vc-anchor-card__image" src={withImageQuality(anchor.avatarUrl)} alt="" loading="lazy" decoding="async" width={480} height={640} />
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
