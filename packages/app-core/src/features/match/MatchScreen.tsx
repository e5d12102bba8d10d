import { Button, EmptyState, GemIcon } from '@vchat/ui'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { selectAccount } from '../account/accountSlice'
import { logout, selectDisplayName, selectUser } from '../auth/authSlice'
import { abVariantFor } from './abVariant'

/**
 * /match: the screen of the user's A/B variant (swipe deck or card switcher). The deck itself comes
 * later; the signed-in user, uid and balance shown here are real.
 */
export function MatchScreen() {
  const { t } = useTranslation('app')
  const { brand } = useServices()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const user = useAppSelector(selectUser)
  const displayName = useAppSelector(selectDisplayName)
  const account = useAppSelector(selectAccount)
  if (!user) return null
  const variant = abVariantFor(user.uid, brand.ab)

  async function handleLogout() {
    await dispatch(logout())
    navigate('/', { replace: true })
  }

  return (
    <section className="vc-match" aria-labelledby="match-title">
      <h2 id="match-title" className="vc-match__greeting">
        {t('match.greeting', { name: displayName || t('match.userFallback', { uid: user.uid }) })}
      </h2>
      <dl className="vc-match__facts">
        <div>
          <dt>{t('match.uid')}</dt>
          <dd>{user.uid}</dd>
        </div>
        <div>
          <dt>{t('match.gems')}</dt>
          <dd className="vc-match__gems">
            <GemIcon />
            <span>{account.gemsBalance ?? t('match.balanceUnknown')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('match.plan')}</dt>
          <dd>{account.paid ? t('match.paid') : t('match.free')}</dd>
        </div>
      </dl>
      <EmptyState
        title={variant === 'swipe' ? t('match.swipeTitle') : t('match.switchTitle')}
        message={t('match.comingSoon')}
      />
      <Button variant="secondary" block onClick={() => void handleLogout()}>
        {t('logout')}
      </Button>
    </section>
  )
}
