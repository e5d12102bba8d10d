import type { LuckyBoxInfo, LuckyBoxItem, OpenLuckyBoxResponse } from '@vchat/api-client'
import { Button, EmptyState, GemIcon, Skeleton } from '@vchat/ui'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { loadAccount } from '../account/accountSlice'
import './luckybox.css'

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; info: LuckyBoxInfo }

/** The lucky-box reward panel: what the opened box held and the balance it left. */
export function LuckyBoxReward({ reward, onDone }: { reward: OpenLuckyBoxResponse; onDone: () => void }) {
  const { t } = useTranslation('discover')
  return (
    <div className="vc-luckybox__reward" role="status" data-testid="luckybox-reward">
      <p className="vc-luckybox__reward-title">{t('luckyBox.rewardTitle')}</p>
      <p className="vc-luckybox__reward-gems">
        <GemIcon size={28} />
        <span data-testid="luckybox-reward-gems">{t('luckyBox.gemsWon', { gems: reward.gems })}</span>
      </p>
      <p>{t('luckyBox.rewardBalance', { balance: reward.gemsBalance })}</p>
      <Button data-autofocus onClick={onDone}>
        {t('luckyBox.done')}
      </Button>
    </div>
  )
}

function BoxRow({ box, opening, onOpen }: { box: LuckyBoxItem; opening: boolean; onOpen: () => void }) {
  const { t } = useTranslation('discover')
  return (
    <li className={`vc-luckybox__box vc-luckybox__box--${box.status}`} data-rule={box.rule} data-status={box.status}>
      <span className="vc-luckybox__what">
        <span className="vc-luckybox__name">{t(`luckyBox.rule.${box.rule}`)}</span>
        <span className="vc-luckybox__range">
          {box.status === 'opened' ? t('luckyBox.gemsWon', { gems: box.gems }) : t('luckyBox.range', { min: box.minGems, max: box.maxGems })}
        </span>
      </span>
      {box.status === 'ready' ? (
        <Button disabled={opening} onClick={onOpen}>
          {opening ? t('luckyBox.opening') : t('luckyBox.open')}
        </Button>
      ) : (
        <span className="vc-luckybox__status">{t(`luckyBox.status.${box.status}`)}</span>
      )}
    </li>
  )
}

/**
 * The lucky box (switch commonConfig.enableLuckyBox): one box per goal reached, each opened once; opening
 * one shows the reward panel, and the balance is read again from the server.
 */
export function LuckyBoxPanel() {
  const { t } = useTranslation('discover')
  const { api } = useServices()
  const dispatch = useAppDispatch()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [opening, setOpening] = useState<string | null>(null)
  const [openError, setOpenError] = useState(false)
  const [reward, setReward] = useState<OpenLuckyBoxResponse | null>(null)

  const fetchInfo = useCallback(async () => {
    setLoad({ status: 'loading' })
    try {
      setLoad({ status: 'ready', info: await api.getLuckyBoxInfo() })
    } catch {
      setLoad({ status: 'failed' })
    }
  }, [api])

  useEffect(() => {
    void fetchInfo()
  }, [fetchInfo])

  const open = async (box: LuckyBoxItem) => {
    setOpening(box.rule)
    setOpenError(false)
    try {
      const answer = await api.openLuckyBox({ rule: box.rule })
      setReward(answer)
      setLoad((current) =>
        current.status === 'ready' ? { status: 'ready', info: { ...current.info, boxes: current.info.boxes.map((item) => (item.rule === box.rule ? answer.box : item)) } } : current,
      )
      void dispatch(loadAccount())
    } catch {
      setOpenError(true)
    } finally {
      setOpening(null)
    }
  }

  if (reward) return <LuckyBoxReward reward={reward} onDone={() => setReward(null)} />
  if (load.status === 'loading') {
    return (
      <div aria-busy="true">
        <span className="vc-visually-hidden" role="status">
          {t('luckyBox.loading')}
        </span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} blockSize="56px" className="vc-luckybox__skeleton" />
        ))}
      </div>
    )
  }
  if (load.status === 'failed') {
    return <EmptyState title={t('luckyBox.errorTitle')} message={t('wall.errorMessage')} action={<Button onClick={() => void fetchInfo()}>{t('retry')}</Button>} />
  }
  if (!load.info.enabled || load.info.boxes.length === 0) return <EmptyState title={t('luckyBox.emptyTitle')} message={t('luckyBox.emptyMessage')} />
  return (
    <div className="vc-luckybox">
      <p className="vc-luckybox__intro">{t('luckyBox.intro')}</p>
      <ul className="vc-luckybox__boxes">
        {load.info.boxes.map((box) => (
          <BoxRow key={box.rule} box={box} opening={opening === box.rule} onOpen={() => void open(box)} />
        ))}
      </ul>
      {openError ? <p role="alert">{t('luckyBox.openError')}</p> : null}
    </div>
  )
}
