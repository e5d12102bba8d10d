import { DotBadge, GemIcon } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { AppLink } from '../../routes/navigation'
import { selectAccount } from '../account'
import { AccountError, AccountLoading, AccountPage } from '../../layout/AccountPage'
import { DownloadAppPanel } from '../pages'
import { LogoutButton } from '../auth'
import { selectHasClaimableTask } from '../tasks'
import { ProfileAvatar } from './EditProfileScreen'
import { BlockedNotice } from './BlockedNotice'
import { CountryFlag, countryName, ageFromBirthday } from '../anchor'
import { loadProfile, selectProfile } from './profileSlice'
import { SupportCard } from './SupportCard'
import { LazyCoinStorePanel } from '../wallet'
import '../../layout/account.css'

/**
 * /personalhome, the account's hub (the header's own face opens it): the user's profile and balance,
 * and one list with every account screen (edit profile, the coin store, payments, friends, the
 * silver club, tasks, settings, language), then help and log out.
 */
export function PersonalHomeScreen() {
  const { t, i18n, ready } = useTranslation('account')
  const { t: tc } = useTranslation('common')
  const { t: tApp } = useTranslation('app')
  const { clock } = useServices()
  const dispatch = useAppDispatch()
  const profile = useAppSelector(selectProfile)
  const account = useAppSelector(selectAccount)
  const taskClaimable = useAppSelector(selectHasClaimableTask)
  const [storeOpen, setStoreOpen] = useState(false)
  useEffect(() => {
    void dispatch(loadProfile())
  }, [dispatch])
  if (!ready) return <AccountLoading />
  const info = profile.info
  const age = info ? ageFromBirthday(info.birthday, new Date(clock.now())) : -1
  return (
    <AccountPage title={t('profile.title')} id="personal-home-title">
      <BlockedNotice />
      {profile.status === 'failed' ? (
        <AccountError title={t('profile.errorTitle')} message={t('common.tryAgain')} onRetry={() => void dispatch(loadProfile())} retryLabel={tc('retry')} />
      ) : !info ? (
        <AccountLoading />
      ) : (
        <div className="vc-account-card vc-profile-head">
          <ProfileAvatar url={info.avatarUrl} name={info.nickName} />
          <div>
            <h2 className="vc-account__subtitle">{info.nickName || t('profile.noName')}</h2>
            <p className="vc-account__hint">{t('profile.uid', { uid: info.uid })}</p>
            <dl className="vc-account-facts">
              <div>
                <dt>{t('editProfile.gender')}</dt>
                <dd>{info.gender ? t(`editProfile.genders.${info.gender}`) : t('profile.notSet')}</dd>
              </div>
              <div>
                <dt>{t('profile.age')}</dt>
                <dd>{age >= 0 ? age : t('profile.notSet')}</dd>
              </div>
              <div>
                <dt>{t('editProfile.country')}</dt>
                <dd>
                  {info.country ? (
                    <>
                      <CountryFlag country={info.country} decorative /> {countryName(i18n.language, info.country)}
                    </>
                  ) : (
                    t('profile.notSet')
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('profile.gems')}</dt>
                <dd className="vc-account__gems">
                  <GemIcon size={16} />
                  {account.gemsBalance ?? '–'}
                </dd>
              </div>
            </dl>
            {info.about ? <p className="vc-profile-head__about">{info.about}</p> : null}
          </div>
        </div>
      )}
      <nav className="vc-account-card vc-account-hub" aria-label={t('profile.more')}>
        <ul>
          <li>
            <AppLink to="/editprofile">{t('editProfile.title')}</AppLink>
          </li>
          <li>
            <button type="button" aria-haspopup="dialog" onClick={() => setStoreOpen(true)}>
              <span>{tApp('header.buyGems')}</span>
              <span className="vc-account-hub__value">
                <GemIcon size={16} />
                {account.gemsBalance ?? '–'}
              </span>
            </button>
          </li>
          <li>
            <AppLink to="/paymenthistory">{tApp('screens.paymentHistory')}</AppLink>
          </li>
          <li>
            <AppLink to="/friendreq">{tApp('screens.friendRequests')}</AppLink>
          </li>
          <li>
            <AppLink to="/club">{tApp('screens.club')}</AppLink>
          </li>
          <li>
            <AppLink to="/task">
              <DotBadge show={taskClaimable} label={tApp('taskEntrance.claimable')}>
                <span>{tApp('screens.task')}</span>
              </DotBadge>
            </AppLink>
          </li>
          <li>
            <AppLink to="/settings">{t('settings.title')}</AppLink>
          </li>
          <li>
            <AppLink to="/languagesettings">{t('language.title')}</AppLink>
          </li>
        </ul>
      </nav>
      <SupportCard />
      <DownloadAppPanel />
      <LogoutButton />
      <LazyCoinStorePanel open={storeOpen} onClose={() => setStoreOpen(false)} />
    </AccountPage>
  )
}
