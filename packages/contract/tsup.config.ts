import { defineConfig } from 'tsup'
import { PACKAGE_BUILD } from '../../tsup.shared.ts'

export default defineConfig({
  ...PACKAGE_BUILD,
  // The zod-free vocabulary (everything; the HTTP part alone for api-client to re-export; the wire
  // vocabulary alone for xmpp-chat to re-export) for browser code that must stay small, and the zod
  // schemas for whoever validates (the dev-server, tests).
  entry: ['src/index.ts', 'src/http.ts', 'src/wire.ts', 'src/schemas.ts'],
})
