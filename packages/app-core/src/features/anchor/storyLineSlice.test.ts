import { describe, expect, it, vi } from 'vitest'
import type { StoryLine } from '@vchat/api-client'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { loggedOut } from '../../app/authActions'
import { signedInAs } from '../../testing/testState'
import { loadStoryLine, selectStoryLine, storyLineLeft } from './storyLineSlice'

const storyOf = (anchorJid: string): StoryLine => ({
  story_id: `story_${anchorJid}`,
  anchorJid,
  coverUrl: '',
  steps: [{ step: 1, text: `Hello from ${anchorJid}`, delaySeconds: 0 }],
})

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((done, fail) => {
    resolve = done
    reject = fail
  })
  return { promise, resolve, reject }
}

describe('story line slice', () => {
  it("asks the host's story line by her jid and keeps the answer", async () => {
    const getStoryLine = vi.fn(async ({ anchorJid }: { anchorJid: string }) => storyOf(anchorJid))
    const store = makeStore({ services: fakeServices({ api: { getStoryLine } }), preloadedState: signedInAs() })
    expect(selectStoryLine(store.getState())).toBeNull()
    await store.dispatch(loadStoryLine('anchor_200002@localhost'))
    expect(getStoryLine).toHaveBeenCalledWith({ anchorJid: 'anchor_200002@localhost' })
    expect(selectStoryLine(store.getState())?.anchorJid).toBe('anchor_200002@localhost')
  })

  it("keeps the story shown while the next host's is on its way or fails; drops an earlier ask's late answer", async () => {
    const answers = new Map<string, ReturnType<typeof deferred<StoryLine>>>()
    const getStoryLine = ({ anchorJid }: { anchorJid: string }) => {
      const answer = deferred<StoryLine>()
      answers.set(anchorJid, answer)
      return answer.promise
    }
    const store = makeStore({ services: fakeServices({ api: { getStoryLine } }), preloadedState: signedInAs() })
    const first = store.dispatch(loadStoryLine('anchor_200001@localhost'))
    answers.get('anchor_200001@localhost')?.resolve(storyOf('anchor_200001@localhost'))
    await first
    // The profile turns to another host, then to a third: the story on screen stays until one answers.
    const second = store.dispatch(loadStoryLine('anchor_200002@localhost'))
    const third = store.dispatch(loadStoryLine('anchor_200003@localhost'))
    expect(selectStoryLine(store.getState())?.anchorJid).toBe('anchor_200001@localhost')
    answers.get('anchor_200002@localhost')?.resolve(storyOf('anchor_200002@localhost'))
    await second
    expect(selectStoryLine(store.getState())?.anchorJid).toBe('anchor_200001@localhost')
    answers.get('anchor_200003@localhost')?.reject(new Error('Network Error'))
    await third
    expect(selectStoryLine(store.getState())?.anchorJid).toBe('anchor_200001@localhost')
  })

  it('a profile left drops its late answer; log out clears the story', async () => {
    const late = deferred<StoryLine>()
    let wait = false
    const getStoryLine = async ({ anchorJid }: { anchorJid: string }) => (wait ? late.promise : storyOf(anchorJid))
    const store = makeStore({ services: fakeServices({ api: { getStoryLine } }), preloadedState: signedInAs() })
    wait = true
    const asked = store.dispatch(loadStoryLine('anchor_200004@localhost'))
    store.dispatch(storyLineLeft())
    late.resolve(storyOf('anchor_200004@localhost'))
    await asked
    expect(selectStoryLine(store.getState())).toBeNull()
    wait = false
    await store.dispatch(loadStoryLine('anchor_200005@localhost'))
    expect(selectStoryLine(store.getState())?.anchorJid).toBe('anchor_200005@localhost')
    store.dispatch(loggedOut())
    expect(selectStoryLine(store.getState())).toBeNull()
  })
})
