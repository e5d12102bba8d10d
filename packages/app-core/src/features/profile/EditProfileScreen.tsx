import { withImageQuality } from '@vchat/api-client'
import { Avatar, ProgressBar, Toast } from '@vchat/ui'
import { useEffect, useState } from 'react'
import type { ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { AVATAR_MAX_BYTES } from '../../constants'
import { AccountError, AccountLoading, AccountPage } from '../../layout/AccountPage'
import { ProfileForm } from './ProfileForm'
import { loadProfile, saveProfile, selectProfile, uploadAvatar } from './profileSlice'
import '../../layout/account.css'

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']

/** YYYY-MM-DD of a clock time in the user's time zone. */
export function isoDate(ms: number): string {
  const date = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The user's own picture (the ui Avatar), or the first letter of the name on the brand colour. */
export function ProfileAvatar({ url, name }: { url: string; name: string }) {
  return <Avatar className="vc-profile-avatar" src={withImageQuality(url)} name={name} size={96} decorative />
}

/** The avatar with its upload control and progress. */
export function AvatarUpload() {
  const { t } = useTranslation('account')
  const dispatch = useAppDispatch()
  const { info, uploadProgress, uploadError } = useAppSelector(selectProfile)
  const [fileError, setFileError] = useState('')
  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!AVATAR_TYPES.includes(file.type)) return setFileError(t('editProfile.avatarType'))
    if (file.size > AVATAR_MAX_BYTES) return setFileError(t('editProfile.avatarSize'))
    setFileError('')
    void dispatch(uploadAvatar(file))
  }
  const uploading = uploadProgress !== null
  return (
    <div className="vc-avatar-upload">
      <ProfileAvatar url={info?.avatarUrl ?? ''} name={info?.nickName ?? ''} />
      <label className={`vc-account__button-link${uploading ? ' is-disabled' : ''}`}>
        {t('editProfile.avatarChange')}
        <input className="vc-visually-hidden" type="file" accept={AVATAR_TYPES.join(',')} onChange={pick} disabled={uploading} />
      </label>
      {uploading ? <ProgressBar label={t('editProfile.avatarUploading')} value={uploadProgress < 0 ? undefined : uploadProgress} /> : null}
      {fileError || uploadError ? (
        <p role="alert" className="vc-account__error">
          {fileError || t('editProfile.avatarFailed')}
        </p>
      ) : null}
    </div>
  )
}

/** /editprofile: avatar upload with progress, nickname, gender, birthday, country and about. */
export function EditProfileScreen() {
  const { t, ready } = useTranslation('account')
  const { t: tc } = useTranslation('common')
  const { clock } = useServices()
  const dispatch = useAppDispatch()
  const profile = useAppSelector(selectProfile)
  const [toast, setToast] = useState(false)
  useEffect(() => {
    void dispatch(loadProfile())
  }, [dispatch])
  useEffect(() => {
    if (profile.saving === 'saved' || profile.saving === 'failed') setToast(true)
  }, [profile.saving])
  if (!ready) return <AccountLoading />
  const title = t('editProfile.title')
  return (
    <AccountPage title={title} id="edit-profile-title" back="/personalhome">
      {profile.status === 'failed' ? (
        <AccountError title={t('profile.errorTitle')} message={t('common.tryAgain')} onRetry={() => void dispatch(loadProfile())} retryLabel={tc('retry')} />
      ) : !profile.info ? (
        <AccountLoading />
      ) : (
        <>
          <AvatarUpload />
          <ProfileForm key={profile.info.uid} info={profile.info} saving={profile.saving === 'saving'} today={isoDate(clock.now())} onSave={(changes) => void dispatch(saveProfile(changes))} />
        </>
      )}
      {toast && (profile.saving === 'saved' || profile.saving === 'failed') ? (
        <Toast
          tone={profile.saving === 'saved' ? 'success' : 'error'}
          message={profile.saving === 'saved' ? t('editProfile.saved') : t('editProfile.saveFailed')}
          onDismiss={() => setToast(false)}
        />
      ) : null}
    </AccountPage>
  )
}
