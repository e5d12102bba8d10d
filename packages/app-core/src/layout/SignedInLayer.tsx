import { lazy, Suspense } from 'react'
import type { ReactNode } from 'react'
import { useAppSelector } from '../app/hooks'
import { selectIsLoggedIn } from '../features/auth/authSlice'

// One chunk for every signed-in part (chat bridge, task entrance, account entry, call layer,
// notification prompt and push notices, and their slices); a visitor never downloads it.
const loadParts = () => import('./signedInParts')
const PARTS = {
  chat: lazy(() => loadParts().then((m) => ({ default: m.ChatBridge }))),
  tasks: lazy(() => loadParts().then((m) => ({ default: m.TaskEntrance }))),
  account: lazy(() => loadParts().then((m) => ({ default: m.AccountEntry }))),
  calls: lazy(() => loadParts().then((m) => ({ default: m.SignedInCalls }))),
  notifications: lazy(() => loadParts().then((m) => ({ default: m.NotificationCenter }))),
}

export type SignedInPart = keyof typeof PARTS

/**
 * Renders a signed-in-only part of the layout, loaded on demand; nothing for a visitor. `fallback`
 * holds the part's place while its chunk loads (so the header does not jump).
 */
export function SignedInLayer({ part, fallback = null }: { part: SignedInPart; fallback?: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn)
  if (!loggedIn) return null
  const Part = PARTS[part]
  return (
    <Suspense fallback={fallback}>
      <Part />
    </Suspense>
  )
}
