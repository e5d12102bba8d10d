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

/** Anchors (hosts) are recognised by their jid containing 'anchor' (SPEC §6). */
export function isAnchorJid(jid: string): boolean {
  return jid.includes('anchor')
}
