import { Sheet } from '@vchat/ui'
import { useTranslation } from 'react-i18next'
import { LegalPage } from './LegalPage'
import '../../layout/account.css'

/** The cookies privacy page in a sheet, opened from the cookie banner. */
export function CookiePolicySheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('app')
  const { t: tc } = useTranslation('common')
  return (
    <Sheet open title={t('pages.cookies.title')} onClose={onClose} closeLabel={tc('close')}>
      <LegalPage kind="cookies" />
    </Sheet>
  )
}
