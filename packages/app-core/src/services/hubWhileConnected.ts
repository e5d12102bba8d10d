import type { HubTransport } from '@vchat/xmpp-chat'
import type { ChatConnectionState, ChatService } from './types'

/**
 * Keeps `listen` bound to the hub transport while messaging is logged in: bound now when it is,
 * unbound when the connection goes, bound again (to the transport of the new login) when it comes
 * back. The hub's notices arrive only over a live session, so there is nothing to hear in between.
 * Returns the function that unbinds for good.
 */
export function onHubWhileConnected(chat: Pick<ChatService, 'state' | 'subscribe' | 'hubTransport'>, listen: (transport: HubTransport) => () => void): () => void {
  let unbind: (() => void) | null = null
  const follow = (state: ChatConnectionState) => {
    unbind?.()
    unbind = null
    const transport = state === 'connected' ? chat.hubTransport : null
    if (transport) unbind = listen(transport)
  }
  follow(chat.state)
  const unsubscribe = chat.subscribe((event) => {
    if (event.kind === 'state') follow(event.state)
  })
  return () => {
    unsubscribe()
    unbind?.()
    unbind = null
  }
}
