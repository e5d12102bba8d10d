import { useEffect } from 'react'
import { useServices } from '../../app/ServicesContext'
import { PushNotices } from './PushNotices'

/**
 * The signed-in notification parts on every route: push registration for a permission granted earlier
 * (a restored session, or a grant from the browser's own settings) and the foreground push notices.
 * The permission prompt itself lives in the messages list (`NotificationPrompt`).
 */
export function NotificationCenter() {
  const { push } = useServices()
  useEffect(() => {
    void push.register()
  }, [push])
  return <PushNotices />
}
