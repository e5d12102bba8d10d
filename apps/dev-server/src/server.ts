import type { IncomingMessage, ServerResponse } from 'node:http'
import { HttpError, applyCors, errorBody, guardDevelopmentEndpoint, parseJson, readBody, readBytes, sendJson } from './http/http.ts'
import type { AppContext } from './app/context.ts'
import type { RawResult, Route } from './http/routes.ts'
import { analyticsRoutes } from './analytics/routes.ts'
import { accountRoutes } from './routes/account.ts'
import { anchorListRoutes } from './routes/anchorlist.ts'
import { callRoutes } from './routes/call.ts'
import { commonServiceRoutes } from './routes/commonService.ts'
import { devRoutes } from './routes/dev.ts'
import { devAccountRoutes } from './routes/devAccount.ts'
import { fileRoutes } from './routes/files.ts'
import { friendsRoutes } from './routes/friends.ts'
import { loginRoutes } from './routes/login.ts'
import { paymentRoutes } from './routes/payment.ts'
import { profileRoutes } from './routes/profile.ts'
import { pushRoutes } from './routes/push.ts'
import { systemRoutes } from './routes/system.ts'
import { translateRoutes } from './routes/translate.ts'
import { giftRoutes } from './routes/gifts.ts'
import { luckyBoxRoutes } from './routes/luckyBox.ts'
import { exclusiveRoutes } from './routes/exclusive.ts'
import { devDiscoveryRoutes } from './routes/devDiscovery.ts'

export const ROUTES: readonly Route[] = [
  ...loginRoutes,
  ...profileRoutes,
  ...accountRoutes,
  ...translateRoutes,
  ...systemRoutes,
  ...anchorListRoutes,
  ...commonServiceRoutes,
  ...callRoutes,
  ...paymentRoutes,
  ...friendsRoutes,
  ...fileRoutes,
  ...devRoutes,
  ...devAccountRoutes,
  ...analyticsRoutes,
  ...pushRoutes,
  ...giftRoutes,
  ...luckyBoxRoutes,
  ...exclusiveRoutes,
  ...devDiscoveryRoutes,
]

/** The product endpoints (SPEC §7), each with its auth flag and request/response schemas. */
export const PRODUCT_ROUTES = ROUTES.filter((route) => route.product !== undefined)

/** The request handler: CORS, routing, JSON in and out, errors as JSON envelopes. */
export function createRequestHandler(app: AppContext, routes: readonly Route[] = ROUTES) {
  const table = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]))
  const paths = new Set(routes.map((route) => route.path))
  const prefixes = routes.filter((route) => route.path.endsWith('/*'))
  const find = (method: string, pathname: string): Route | undefined =>
    table.get(`${method} ${pathname}`) ??
    prefixes.find((route) => route.method === method && pathname.startsWith(route.path.slice(0, -1)))

  return async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET'
    const url = new URL(req.url ?? '/', 'http://localhost')
    const requestId = req.headers['x-request-id']
    if (typeof requestId === 'string') res.setHeader('X-Request-Id', requestId)
    try {
      applyCors(req, res)
      if (method === 'OPTIONS') {
        res.writeHead(204)
        res.end()
        return
      }
      guardDevelopmentEndpoint(req, url.pathname)
      const route = find(method === 'HEAD' ? 'GET' : method, url.pathname)
      if (!route) {
        if (paths.has(url.pathname)) throw new HttpError(405, `${method} not allowed on ${url.pathname}`)
        throw new HttpError(404, `no endpoint ${url.pathname}`)
      }
      const rawBody = method === 'POST' && route.raw ? await readBytes(req, route.raw.maxBytes) : undefined
      const body = method === 'POST' && !route.raw ? parseJson(await readBody(req)) : undefined
      const result = await route.handle({ app, req, url, body, ...(rawBody ? { rawBody } : {}) })
      if (isRawResult(result.body)) {
        res.writeHead(result.body.status, { ...result.body.headers, 'Content-Length': result.body.bytes.length })
        res.end(method === 'HEAD' ? undefined : result.body.bytes)
        return
      }
      sendJson(res, result.status ?? 200, result.body, result.headers)
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.status >= 400 && error.status !== 404) app.log(`${method} ${url.pathname} → ${error.status} ${error.message}`)
        sendJson(res, error.status, { ...errorBody(error.message), ...error.fields }, error.headers)
        return
      }
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
      app.log(`${method} ${url.pathname} → 500 ${detail}`)
      if (res.headersSent) res.end()
      else sendJson(res, 500, errorBody('internal server error'))
    }
  }
}

function isRawResult(body: unknown): body is RawResult {
  return typeof body === 'object' && body !== null && 'bytes' in body && Buffer.isBuffer((body as RawResult).bytes)
}
