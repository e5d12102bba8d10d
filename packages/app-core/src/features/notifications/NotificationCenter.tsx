import { NotificationPrompt } from './NotificationPrompt'
import { PushNotices } from './PushNotices'

/** The signed-in notification parts: the permission prompt and the foreground push notices. */
export function NotificationCenter() {
  return (
    <>
      <NotificationPrompt />
      <PushNotices />
    </>
  )
}
