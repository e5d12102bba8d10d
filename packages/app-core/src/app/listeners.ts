/**
 * Store effects: RTK's listener middleware, with the services container as its extra argument. A
 * feature's effects live in `<feature>Listeners.ts` beside its slice and are added to the store with
 * `addAppListener` (so a lazily loaded feature brings its effects with it, as it brings its slice).
 */
import { addListener, createAction, createListenerMiddleware } from '@reduxjs/toolkit'
import type { ListenerEffectAPI } from '@reduxjs/toolkit'
import type { Services } from '../services/types'
import type { AppDispatch, RootState } from './state'

/**
 * The store's listener middleware; `makeStore` adds one per store. Left untyped here (the store's own
 * dispatch type is built from it); listeners are typed where they are added, by `addAppListener`.
 */
export function createAppListenerMiddleware(services: Services) {
  return createListenerMiddleware({ extra: services })
}

/** Adds a listener to the store it is dispatched to; the dispatch returns the remover. */
export const addAppListener = addListener.withTypes<RootState, AppDispatch, Services>()

export type AppListenerApi = ListenerEffectAPI<RootState, AppDispatch, Services>

/**
 * Runs `effect` in the store for as long as the returned stop function is not called: for effects fed
 * by something outside the store (the messaging service's events, the hub's notices). `effect` gets
 * the listener API (state, dispatch, services) and returns its own clean-up. `name` names the action
 * that starts it, for the devtools.
 */
export function startStoreEffect(dispatch: AppDispatch, name: string, effect: (api: AppListenerApi) => () => void): () => void {
  const started = createAction(`${name}/started`)
  // The clean-up runs once, as soon as the effect is stopped: the listener's own abort settles a
  // microtask later, and nothing from outside may reach the store in between.
  let cleanUp: (() => void) | null = null
  const finish = () => {
    const done = cleanUp
    cleanUp = null
    done?.()
  }
  const remove = dispatch(
    addAppListener({
      actionCreator: started,
      effect: async (_action, api) => {
        cleanUp = effect(api)
        try {
          // Never true: the effect lasts until the listener is removed, which aborts this wait.
          await api.condition(() => false)
        } finally {
          finish()
        }
      },
    }),
  )
  dispatch(started())
  return () => {
    remove({ cancelActive: true })
    finish()
  }
}
