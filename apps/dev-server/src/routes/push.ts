import { z } from 'zod'
import { validate } from '../http/http.ts'
import { ok, productRoute, signedIn, type Route } from '../http/routes.ts'

/**
 * Web push tokens (SPEC §4): `common_service/upload_push_token` stores the user's FCM token per device
 * (deviceInfo.androidId); the app uploads it when new, different or 7 days old. Development:
 * `GET /dev/push/tokens?uid=` lists a user's tokens (the token itself is shown there only, never logged).
 * The `push_tokens` table is created in db/migrations.ts.
 */

const tokensQuery = z.object({ uid: z.string().regex(/^\d{1,12}$/, 'expected a uid') })

export const pushRoutes: Route[] = [
  productRoute('uploadPushToken', {
    handle(request) {
      const user = signedIn(request)
      const updatedAt = request.app.now()
      request.app.db
        .prepare(
          `INSERT INTO push_tokens (uid, device_id, token, platform, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT(uid, device_id) DO UPDATE SET token = excluded.token, platform = excluded.platform, updated_at = excluded.updated_at`,
        )
        .run(user.uid, request.envelope.deviceInfo.androidId, request.data.pushToken, request.data.platform, updatedAt)
      request.app.log(`push token stored for uid ${user.uid}`)
      return ok({ updatedAt })
    },
  }),
  {
    method: 'GET',
    path: '/dev/push/tokens',
    handle({ app, url }) {
      const { uid } = validate(tokensQuery, { uid: url.searchParams.get('uid') ?? '' }, 'query')
      const rows = app.db.prepare('SELECT device_id AS deviceId, token, platform, updated_at AS updatedAt FROM push_tokens WHERE uid = ? ORDER BY updated_at DESC').all(uid)
      return { body: ok({ uid, tokens: rows }) }
    },
  },
]
