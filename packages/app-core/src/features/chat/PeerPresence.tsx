import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../app/hooks'
import { useMinuteClock } from '../discover'
import { selectPeerLastSeen } from './chatSlice'
import { lastSeenText } from './lastSeen'
import { useLastSeenPolling } from './useLastSeenPolling'

export interface PeerPresenceProps {
  /** The conversation's peer (bare jid). */
  peer: string
  /** Only a live connection asks and shows: an answer from before a disconnect may no longer be true. */
  connected: boolean
  /** The typing line takes this place while the peer types (still asked, so it is current after). */
  hidden: boolean
}

/**
 * "online" / "last seen 5 minutes ago" under the peer's name in the conversation header. Its own
 * component so that the minute clock re-renders this line, not the conversation. Not a live region:
 * a line ageing every minute is not news for a screen reader.
 */
export function PeerPresence({ peer, connected, hidden }: PeerPresenceProps) {
  const { t, i18n } = useTranslation('chat')
  const lastSeen = useAppSelector((state) => selectPeerLastSeen(state, peer))
  const now = useMinuteClock()
  useLastSeenPolling(peer, connected)
  const line = connected && !hidden ? lastSeenText(t, i18n.language, lastSeen, now.getTime()) : ''
  return line ? <span className="vc-chat-view__presence">{line}</span> : null
}
