import { useEffect, useState } from 'react'
import { useServices } from '../../app/ServicesContext'
import type { ChatConnectionState } from '../../services/types'

/** The messaging connection state, following the messaging service's state events. */
export function useMessagingState(): ChatConnectionState {
  const { chat } = useServices()
  const [state, setState] = useState<ChatConnectionState>(chat.state)
  useEffect(() => {
    setState(chat.state)
    return chat.subscribe((event) => {
      if (event.kind === 'state') setState(event.state)
    })
  }, [chat])
  return state
}
