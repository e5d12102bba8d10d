/**
 * The uid of a jid: the part after the (first) underscore of the local part (SPEC §3), e.g.
 * `user_100001@localhost/web_fachat` → `100001`. Returns '' when the jid has no underscore.
 */
export function uidFromJid(jid: string): string {
  const at = jid.indexOf('@')
  const local = at === -1 ? jid.split('/')[0] ?? '' : jid.slice(0, at)
  const underscore = local.indexOf('_')
  return underscore === -1 ? '' : local.slice(underscore + 1)
}

/** The bare jid of host `uid` on the messaging domain (SPEC §3: `anchor_<uid>@<domain>`). */
export function anchorJidOf(uid: string, domain: string): string {
  return `anchor_${uid}@${domain}`
}

/** Anchors (hosts) are recognised by their jid containing 'anchor' (SPEC §6). */
export function isAnchorJid(jid: string): boolean {
  return jid.includes('anchor')
}
