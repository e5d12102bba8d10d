/**
 * What the home layout and the root shell add for a signed-in user only, in one chunk loaded by
 * `SignedInLayer` after sign-in (or with a restored session): the chat bridge (messaging login, chat
 * events, in-page notice), the task entrance with its red dot, the account entry (gems, own face),
 * the call layer, and the notification permission prompt with the foreground push notices. Importing
 * it injects the chat, tasks, users and call slices into the store (each slice's module does so when
 * it loads).
 */
import { useEffect } from 'react'
import { useAppDispatch } from '../app/hooks'
import { CallLayer } from '../features/call/CallLayer'
import { ChatBridge } from '../features/chat/ChatBridge'
import { TaskEntrance } from '../features/tasks/TaskEntrance'
import { AccountEntry } from '../features/account/AccountEntry'
import { startAccountListeners } from '../features/account/accountListeners'
import { startWalletListeners } from '../features/wallet/walletListeners'
import { NotificationCenter } from '../features/notifications/NotificationCenter'

export { AccountEntry, ChatBridge, NotificationCenter, TaskEntrance }

/**
 * The call layer (it reads the call state through selectors, which answer the initial state until the
 * slice's first action) and, with it on every route, the hub's other notices: a paid order refreshes
 * the balance, and the server refusing a blocked account updates blockInfo.
 */
export function SignedInCalls() {
  const dispatch = useAppDispatch()
  // The hub's notices are store effects (listeners), running while the signed-in parts are mounted.
  useEffect(() => {
    const stops = [startWalletListeners(dispatch), startAccountListeners(dispatch)]
    return () => stops.forEach((stop) => stop())
  }, [dispatch])
  return <CallLayer />
}
