/**
 * Jids (SPEC §3): users are `user_<uid>@<domain>`, hosts `anchor_<uid>@<domain>`, optionally with a
 * `/resource`. One reading of a jid for every part of the product.
 */

/** The local part of a jid (`user_100001` of `user_100001@localhost/web_fachat`); a bare local part stays itself. */
export function jidLocal(jid: string): string {
  const at = jid.indexOf('@')
  return at === -1 ? (jid.split('/')[0] ?? '') : jid.slice(0, at)
}

/** The bare jid (`user_100001@localhost` of `user_100001@localhost/web_fachat`). */
export function bareJid(jid: string): string {
  const slash = jid.indexOf('/')
  return slash === -1 ? jid : jid.slice(0, slash)
}

/**
 * The uid of a jid: the part after the (first) underscore of the local part (SPEC §3), e.g.
 * `user_100001@localhost/web_fachat` → `100001`. '' when the local part has no underscore.
 */
export function uidOfJid(jid: string): string {
  const local = jidLocal(jid)
  const underscore = local.indexOf('_')
  return underscore === -1 ? '' : local.slice(underscore + 1)
}

/** The bare jid of host `uid` on the messaging domain (`anchor_<uid>@<domain>`). */
export function anchorJidOf(uid: string, domain: string): string {
  return `anchor_${uid}@${domain}`
}

/** Hosts (anchors) are recognised by their jid containing 'anchor' (SPEC §6). */
export function isAnchorJid(jid: string): boolean {
  return jid.includes('anchor')
}
