import { withImageQuality } from '@vchat/api-client'
import { Avatar, GemIcon } from '@vchat/ui'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../app/hooks'
import { AppLink } from '../../routes/navigation'
import { selectUser } from '../auth'
import { usePerson } from '../users'
import { selectGemsBalance } from './accountSlice'
import { LazyCoinStorePanel } from '../wallet'

/**
 * The account's door on every signed-in page, at the end of the header (as in the category's apps):
 * the gem balance, which opens the coin store, and the user's own face, which opens the personal
 * home (profile, settings, language, friends, payments, club, tasks, help, log out).
 */
export function AccountEntry() {
  const { t } = useTranslation('app')
  const user = useAppSelector(selectUser)
  const gems = useAppSelector(selectGemsBalance)
  // The user's own name and photo come from the people directory like everyone else's, so a rename
  // or a new photo saved on the profile screen shows here at once (usersSlice follows profile saves).
  const me = usePerson(user?.jid ?? '', user?.nickName || user?.name)
  const [storeOpen, setStoreOpen] = useState(false)
  if (!user) return null
  return (
    <div className="vc-app-header__account">
      <button
        type="button"
        className="vc-app-header__gems"
        aria-haspopup="dialog"
        aria-label={gems === null ? t('header.buyGems') : t('header.gems', { count: gems })}
        onClick={() => setStoreOpen(true)}
      >
        <GemIcon />
        <span aria-hidden="true" className="vc-app-header__gems-value">
          {gems ?? '–'}
        </span>
        <span aria-hidden="true" className="vc-app-header__plus">
          +
        </span>
      </button>
      <AppLink to="/personalhome" className="vc-app-header__me" aria-label={t('screens.personalHome')}>
        <Avatar src={withImageQuality(me.avatarUrl)} name={me.name} size={36} decorative />
      </AppLink>
      <LazyCoinStorePanel open={storeOpen} onClose={() => setStoreOpen(false)} />
    </div>
  )
}
