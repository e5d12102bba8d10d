import { Button, EmptyState, Skeleton } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { AnchorCard, fetchAnchorList, selectAnchorList, selectAnchors, useMinuteClock } from '../discover'

/** The recommended-friends list (recommend_friend_list, hosts in the user's language first). */
export function RecommendedFriends() {
  const { t } = useTranslation('discover')
  const dispatch = useAppDispatch()
  const list = useAppSelector((state) => selectAnchorList(state, 'recommended', 'all'))
  const anchors = useAppSelector(selectAnchors)
  const now = useMinuteClock()
  useEffect(() => {
    if (list.status === 'idle') void dispatch(fetchAnchorList({ kind: 'recommended', language: 'all' }))
  }, [dispatch, list.status])
  if (list.status === 'idle' || list.status === 'loading') return <Skeleton blockSize="240px" />
  if (list.status === 'failed') {
    return <EmptyState title={t('social.errorTitle')} action={<Button onClick={() => void dispatch(fetchAnchorList({ kind: 'recommended', language: 'all' }))}>{t('retry')}</Button>} />
  }
  if (list.jids.length === 0) return <EmptyState title={t('social.empty.recommended')} />
  return (
    <div className="vc-wall__grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
      {list.jids.slice(0, 24).map((jid) => {
        const anchor = anchors[jid]
        return anchor ? <AnchorCard key={jid} anchor={anchor} status={anchor.onlineStatus} now={now} /> : null
      })}
    </div>
  )
}
