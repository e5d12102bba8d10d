import type { IncomingMessage, ServerResponse } from 'node:http'
import { HttpError, applyCors, errorBody, parseJson, readBody, sendJson } from './http/http.ts'
import type { AppContext, Route } from './http/routes.ts'
import { accountRoutes } from './routes/account.ts'
import { loginRoutes } from './routes/login.ts'
import { systemRoutes } from './routes/system.ts'

export const ROUTES: readonly Route[] = [...loginRoutes, ...accountRoutes, ...systemRoutes]

/** The request handler: CORS, routing, JSON in and out, errors as JSON envelopes. */
export function createRequestHandler(app: AppContext, routes: readonly Route[] = ROUTES) {
  const table = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]))
  const paths = new Set(routes.map((route) => route.path))

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
      const route = table.get(`${method} ${url.pathname}`)
      if (!route) {
        if (paths.has(url.pathname)) throw new HttpError(405, `${method} not allowed on ${url.pathname}`)
        throw new HttpError(404, `no endpoint ${url.pathname}`)
      }
      const body = method === 'POST' ? parseJson(await readBody(req)) : undefined
      const result = await route.handle({ app, req, url, body })
      sendJson(res, result.status ?? 200, result.body)
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.status >= 400 && error.status !== 404) app.log(`${method} ${url.pathname} → ${error.status} ${error.message}`)
        sendJson(res, error.status, errorBody(error.message))
        return
      }
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
      app.log(`${method} ${url.pathname} → 500 ${detail}`)
      if (res.headersSent) res.end()
      else sendJson(res, 500, errorBody('internal server error'))
    }
  }
}
