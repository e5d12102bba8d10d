import type { LuckyBoxItem, OpenLuckyBoxResponse } from '@vchat/api-client'
import { Button, EmptyState, GemIcon, Skeleton } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { initialLuckyBoxState, loadLuckyBox, luckyBoxClosed, openLuckyBox, rewardSeen, selectLuckyBox } from './luckyBoxSlice'
import './luckybox.css'

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
  const dispatch = useAppDispatch()
  const stored = useAppSelector(selectLuckyBox)
  // Until it has asked, the panel shows a fresh panel's loading state, as it always did: the store may
  // still hold what a panel closed in the same render showed, let go only once this one has rendered.
  const [asked, setAsked] = useState(false)
  const { info, status, opening, openError, reward } = asked ? stored : initialLuckyBoxState

  useEffect(() => {
    void dispatch(loadLuckyBox())
    setAsked(true)
    // The boxes go with the panel: the next time it opens it shows fresh ones from the start.
    return () => {
      dispatch(luckyBoxClosed())
    }
  }, [dispatch])

  if (reward) return <LuckyBoxReward reward={reward} onDone={() => dispatch(rewardSeen())} />
  if (status === 'failed') {
    return <EmptyState title={t('luckyBox.errorTitle')} message={t('wall.errorMessage')} action={<Button onClick={() => void dispatch(loadLuckyBox())}>{t('retry')}</Button>} />
  }
  if (status !== 'ready' || !info) {
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
  if (!info.enabled || info.boxes.length === 0) return <EmptyState title={t('luckyBox.emptyTitle')} message={t('luckyBox.emptyMessage')} />
  return (
    <div className="vc-luckybox">
      <p className="vc-luckybox__intro">{t('luckyBox.intro')}</p>
      <ul className="vc-luckybox__boxes">
        {info.boxes.map((box) => (
          <BoxRow key={box.rule} box={box} opening={opening === box.rule} onOpen={() => void dispatch(openLuckyBox(box.rule))} />
        ))}
      </ul>
      {openError ? <p role="alert">{t('luckyBox.openError')}</p> : null}
    </div>
  )
}
