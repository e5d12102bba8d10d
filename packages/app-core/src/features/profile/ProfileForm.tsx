import type { Gender, PersonalInfo, UpdatePersonalInfoRequest } from '@vchat/api-client'
import { Button, TextField } from '@vchat/ui'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ABOUT_MAX_LENGTH, FLAG_COUNTRIES, NICKNAME_MAX_LENGTH } from '../../constants'
import { countryName } from '../anchor'

export interface ProfileFormProps {
  info: PersonalInfo
  saving: boolean
  onSave: (changes: UpdatePersonalInfoRequest) => void
  /** The complete-profile panel asks only for name, gender and birthday. */
  compact?: boolean
  /** Today (YYYY-MM-DD), the latest birthday allowed. */
  today: string
}

/** Nickname, gender, birthday, country and about; only changed fields are sent. */
export function ProfileForm({ info, saving, onSave, compact = false, today }: ProfileFormProps) {
  const { t, i18n } = useTranslation('account')
  const [nickName, setNickName] = useState(info.nickName)
  const [gender, setGender] = useState<Gender | ''>(info.gender)
  const [birthday, setBirthday] = useState(info.birthday)
  const [country, setCountry] = useState(info.country)
  const [about, setAbout] = useState(info.about)
  const [nameError, setNameError] = useState('')
  const [birthdayError, setBirthdayError] = useState('')

  function submit(event: FormEvent) {
    event.preventDefault()
    const name = nickName.trim()
    const badName = name.length === 0 || name.length > NICKNAME_MAX_LENGTH
    const badBirthday = birthday !== '' && birthday > today
    setNameError(badName ? t('editProfile.nameError', { max: NICKNAME_MAX_LENGTH }) : '')
    setBirthdayError(badBirthday ? t('editProfile.birthdayError') : '')
    if (badName || badBirthday) return
    const changes: UpdatePersonalInfoRequest = {}
    if (name !== info.nickName) changes.nickName = name
    if (gender !== info.gender && gender !== '') changes.gender = gender
    if (birthday !== info.birthday && birthday !== '') changes.birthday = birthday
    if (!compact && country !== info.country && country !== '') changes.country = country
    if (!compact && about !== info.about) changes.about = about
    if (Object.keys(changes).length === 0) {
      onSave({ nickName: name })
      return
    }
    onSave(changes)
  }

  return (
    <form className="vc-profile-form" onSubmit={submit} noValidate>
      <TextField label={t('editProfile.nickName')} value={nickName} maxLength={NICKNAME_MAX_LENGTH} onChange={(e) => setNickName(e.target.value)} error={nameError} autoComplete="nickname" />
      <fieldset className="vc-profile-form__gender">
        <legend>{t('editProfile.gender')}</legend>
        {(['female', 'male'] as const).map((value) => (
          <label key={value} className="vc-choice">
            <input type="radio" name="gender" value={value} checked={gender === value} onChange={() => setGender(value)} />
            <span>{t(`editProfile.genders.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <TextField label={t('editProfile.birthday')} type="date" value={birthday} max={today} onChange={(e) => setBirthday(e.target.value)} error={birthdayError} autoComplete="bday" />
      {compact ? null : (
        <>
          <div className="vc-field">
            <label className="vc-field__label" htmlFor="profile-country">
              {t('editProfile.country')}
            </label>
            <select id="profile-country" className="vc-field__input" value={country} onChange={(e) => setCountry(e.target.value)}>
              <option value="">{t('editProfile.countryNone')}</option>
              {FLAG_COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {/* A native option holds text only: the name, no emoji flag that some systems cannot draw. */}
                  {countryName(i18n.language, code)}
                </option>
              ))}
            </select>
          </div>
          <div className="vc-field">
            <label className="vc-field__label" htmlFor="profile-about">
              {t('editProfile.about')}
            </label>
            <textarea id="profile-about" className="vc-field__input vc-profile-form__about" value={about} maxLength={ABOUT_MAX_LENGTH} rows={4} onChange={(e) => setAbout(e.target.value)} />
            <p className="vc-field__hint">{t('editProfile.aboutCount', { count: about.length, max: ABOUT_MAX_LENGTH })}</p>
          </div>
        </>
      )}
      <Button type="submit" block busy={saving}>
        {t('editProfile.save')}
      </Button>
    </form>
  )
}
