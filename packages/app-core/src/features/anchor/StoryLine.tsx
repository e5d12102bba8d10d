import type { StoryLine as StoryLineData } from '@vchat/api-client'
import { withImageQuality } from '@vchat/api-client'
import { Button } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../../app/ServicesContext'

/**
 * The story-line video show (video_show_story_line): the host's cover with her story messages
 * appearing one after another at their delays, ending in a call invitation.
 */
export function StoryLine({ jid, onCall }: { jid: string; onCall: () => void }) {
  const { t } = useTranslation('discover')
  const { api, clock } = useServices()
  const [story, setStory] = useState<StoryLineData | null>(null)
  const [shown, setShown] = useState(0)

  useEffect(() => {
    let cancelled = false
    api
      .getStoryLine({ anchorJid: jid })
      .then((answer) => {
        if (!cancelled) {
          setStory(answer)
          setShown(answer.steps.length > 0 && (answer.steps[0]?.delaySeconds ?? 0) === 0 ? 1 : 0)
        }
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [api, jid])

  const next = story?.steps[shown]
  useEffect(() => {
    if (!next) return undefined
    const handle = clock.setInterval(() => {
      clock.clearInterval(handle)
      setShown((count) => count + 1)
    }, next.delaySeconds * 1000)
    return () => clock.clearInterval(handle)
  }, [next, clock])

  if (!story || story.steps.length === 0) return null
  return (
    <section className="vc-story" aria-labelledby="story-title">
      <h2 id="story-title">{t('profile.story')}</h2>
      {story.coverUrl ? <img className="vc-story__cover" src={withImageQuality(story.coverUrl)} alt="" /> : null}
      <ol className="vc-story__steps" aria-live="polite">
        {story.steps.slice(0, shown).map((step) => (
          <li key={step.step} dir="auto">
            {step.text}
          </li>
        ))}
      </ol>
      {shown >= story.steps.length ? (
        <Button block onClick={onCall}>
          {t('actions.call')}
        </Button>
      ) : null}
    </section>
  )
}
