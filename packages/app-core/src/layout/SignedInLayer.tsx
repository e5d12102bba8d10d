import { lazy, Suspense } from 'react'
import { useAppSelector } from '../app/hooks'
import { selectIsLoggedIn } from '../features/auth/authSlice'

// One chunk for every signed-in part (chat bridge, task entrance, call layer, notification prompt and
// push notices, and their slices); a
// visitor never downloads it.
const loadParts = () => import('./signedInParts')
const PARTS = {
  chat: lazy(() => loadParts().then((m) => ({ default: m.ChatBridge }))),
  tasks: lazy(() => loadParts().then((m) => ({ default: m.TaskEntrance }))),
  calls: lazy(() => loadParts().then((m) => ({ default: m.SignedInCalls }))),
  notifications: lazy(() => loadParts().then((m) => ({ default: m.NotificationCenter }))),
}

export type SignedInPart = keyof typeof PARTS

/** Renders a signed-in-only part of the layout, loaded on demand; nothing for a visitor. */
export function SignedInLayer({ part }: { part: SignedInPart }) {
  const loggedIn = useAppSelector(selectIsLoggedIn)
  if (!loggedIn) return null
  const Part = PARTS[part]
  return (
    <Suspense fallback={null}>
      <Part />
    </Suspense>
  )
}
