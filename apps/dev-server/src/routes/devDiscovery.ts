import { z } from 'zod'
import { validate } from '../http/http.ts'
import { ok, refuse, type Route } from '../http/routes.ts'
import { anchorJid, userJid } from '../db/seed.ts'
import { addRelation } from '../world/relations.ts'

const likeSchema = z
  .object({
    anchorUid: z.string().regex(/^\d{1,12}$/),
    userUid: z.string().regex(/^\d{1,12}$/),
  })
  .strict()

/**
 * Development endpoint (plain JSON, no envelope, no token): a host likes a user, as hosts do from their
 * own app — so a like back from the user is a mutual like (the match pop-up) on the local stack.
 */
export const devDiscoveryRoutes: Route[] = [
  {
    method: 'POST',
    path: '/dev/anchors/like',
    handle({ app, body }) {
      const { anchorUid, userUid } = validate(likeSchema, body)
      const from = anchorJid(anchorUid, app.domain)
      const to = userJid(userUid, app.domain)
      const known = (jid: string, kind: string) => app.db.prepare('SELECT 1 FROM users WHERE jid = ? AND kind = ?').get(jid, kind) !== undefined
      if (!known(from, 'anchor')) return { status: 404, body: refuse('unknown anchor uid') }
      if (!known(to, 'user')) return { status: 404, body: refuse('unknown user uid') }
      addRelation(app.db, from, to, 'like', app.now())
      return { body: ok({ anchorJid: from, userJid: to }) }
    },
  },
]
