import { z } from 'zod'
import { findSessionUid } from '../auth/sessions.ts'
import { MAINTENANCE_OFF, MAINTENANCE_ON, jidLocal } from '@vchat/contract'
import { SCHEMA_VERSION } from '../db/migrations.ts'
import { findUser } from '../db/users.ts'
import { HttpError, isLoopback, validate } from '../http/http.ts'
import type { AppContext } from '../app/context.ts'
import { ok, productRoute, type Route } from '../http/routes.ts'
import { getSetting, setSetting } from './common.ts'

const MAINTENANCE_KEY = 'maintenance_status'

function maintenanceStatus(app: AppContext): number {
  return Number(getSetting(app.db, MAINTENANCE_KEY) ?? MAINTENANCE_OFF)
}

const maintenanceSwitchSchema = z.object({
  status: z.union([z.literal(MAINTENANCE_ON), z.literal(MAINTENANCE_OFF)]),
})

const checkTokenSchema = z.object({ username: z.string().min(1), token: z.string() })

export const systemRoutes: Route[] = [
  productRoute('getMaintenanceStatus', {
    handle: ({ app }) => ok({ maintananceStatus: maintenanceStatus(app) }),
  }),
  {
    // Development switch: {"status":2} turns maintenance on, {"status":0} off.
    method: 'POST',
    path: '/dev/maintenance',
    handle({ app, body }) {
      const { status } = validate(maintenanceSwitchSchema, body)
      setSetting(app.db, MAINTENANCE_KEY, String(status))
      app.log(`maintenance status set to ${status}`)
      return { body: ok({ maintananceStatus: status }) }
    },
  },
  {
    // Asked by Prosody's auth module: is `token` a valid vcToken of the account `username`?
    method: 'POST',
    path: '/internal/xmpp/check-token',
    handle({ app, req, body }) {
      if (!isLoopback(req)) throw new HttpError(403, 'check-token: loopback only')
      const { username, token } = validate(checkTokenSchema, body)
      const uid = findSessionUid(app.db, token, app.now())
      const user = uid === null ? null : findUser(app.db, uid)
      const valid = user !== null && jidLocal(user.jid) === username
      if (!valid) app.log(`check-token refused for ${username}`)
      return { body: { valid } }
    },
  },
  {
    method: 'GET',
    path: '/health',
    handle: () => ({ body: { ok: true, schemaVersion: SCHEMA_VERSION } }),
  },
]
