/**
 * `@vchat/xmpp-chat/wire`: the wire vocabulary and the jid rules, which live in @vchat/contract
 * (shared with the local backend), plus the one XMPP reading helper this package owns.
 */
import { NS_MAM } from '@vchat/contract/wire'

export * from '@vchat/contract/wire'
export { bareJid, jidLocal, uidOfJid } from '@vchat/contract'

/**
 * The `<result/>` of an archive (XEP-0313) answer: a `<message>` wrapping one archived message, for
 * one query of the session that asked; undefined for anything else.
 */
export function archiveResultOf<E extends { name: string; getChild(name: string, xmlns?: string): E | undefined }>(stanza: E): E | undefined {
  return stanza.name === 'message' ? stanza.getChild('result', NS_MAM) : undefined
}
