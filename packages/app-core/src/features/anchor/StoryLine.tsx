import type { StoryLine as StoryLineData } from '@vchat/api-client'
import { withImageQuality } from '@vchat/api-client'
import { Button } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { loadStoryLine, selectStoryLine, storyLineLeft } from './storyLineSlice'

/** Steps shown as soon as a story arrives: the first one, when it has no delay. */
function firstShown(story: StoryLineData): number {
  return story.steps.length > 0 && (story.steps[0]?.delaySeconds ?? 0) === 0 ? 1 : 0
}

/**
 * The story-line show (video_show_story_line): the host's cover with her story messages
 * appearing one after another at their delays, ending in a call invitation.
 */
export function StoryLine({ jid, onCall }: { jid: string; onCall: () => void }) {
  const { t } = useTranslation('discover')
  const { clock } = useServices()
  const dispatch = useAppDispatch()
  const stored = useAppSelector(selectStoryLine)
  // Until it has asked, nothing shows, as in a fresh profile: the store may still hold the story of a
  // profile replaced in the same render (the page behind a sheet remounts).
  const [asked, setAsked] = useState(false)
  const story = asked ? stored : null
  // How far the show has played, counted for the story it belongs to: each story the server answers
  // starts again from its first step.
  const [played, setPlayed] = useState<{ story: StoryLineData; shown: number } | null>(null)
  const shown = story === null ? 0 : played?.story === story ? played.shown : firstShown(story)

  useEffect(() => {
    void dispatch(loadStoryLine(jid))
    setAsked(true)
  }, [dispatch, jid])

  // The story goes with the profile: the next one starts from nothing.
  useEffect(
    () => () => {
      dispatch(storyLineLeft())
    },
    [dispatch],
  )

  const next = story?.steps[shown]
  useEffect(() => {
    if (!story || !next) return undefined
    const handle = clock.setInterval(() => {
      clock.clearInterval(handle)
      setPlayed((current) => ({ story, shown: (current?.story === story ? current.shown : firstShown(story)) + 1 }))
    }, next.delaySeconds * 1000)
    return () => clock.clearInterval(handle)
  }, [story, next, clock])

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
