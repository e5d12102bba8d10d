import { Button, Sheet } from '@vchat/ui'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../app/hooks'
import { selectConfig } from '../config'
import { LuckyBoxPanel } from './LuckyBoxPanel'

/** Whether the config switches the lucky box on (commonConfig.enableLuckyBox; off until the config is loaded). */
function useLuckyBoxEnabled(): boolean {
  return useAppSelector(selectConfig)?.mainInfo.commonConfig.enableLuckyBox === true
}

/** The lucky box button, shown only while the switch is on; it opens the box panel. */
export function LuckyBoxEntry() {
  const { t } = useTranslation('discover')
  const enabled = useLuckyBoxEnabled()
  const [open, setOpen] = useState(false)
  if (!enabled) return null
  return (
    <>
      <Button variant="secondary" className="vc-luckybox__entry" aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="luckybox-entry">
        {t('luckyBox.entry')}
      </Button>
      <Sheet open={open} title={t('luckyBox.title')} closeLabel={t('close')} onClose={() => setOpen(false)} size="sm">
        <LuckyBoxPanel />
      </Sheet>
    </>
  )
}
