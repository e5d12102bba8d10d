import { Button } from '@vchat/ui'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useAppDispatch } from '../../app/hooks'
import { logout } from './authSlice'

/** Log out, then the landing page (the one way out, on the personal home and on settings). */
export function LogoutButton() {
  const { t } = useTranslation('account')
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  async function handleLogout() {
    setBusy(true)
    await dispatch(logout())
    navigate('/', { replace: true })
  }
  return (
    <Button variant="secondary" block busy={busy} className="vc-account__logout" onClick={() => void handleLogout()}>
      {t('settings.logout')}
    </Button>
  )
}
