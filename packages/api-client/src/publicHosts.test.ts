import { afterEach, describe, expect, it } from 'vitest'
import { PUBLIC_HOSTS_PATH, type PublicHost } from '@vchat/contract'
import { ApiError } from './errors'
import { fetchPublicHosts, publicHostsUrl } from './publicHosts'
import { sendJson, startTestServer, type TestServer } from './test-utils/testServer'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const grace: PublicHost = {
  uid: '200001',
  jid: 'anchor_200001@localhost',
  nickName: 'Grace',
  avatarUrl: 'http://127.0.0.1/files/avatars/200001.svg',
  country: 'PH',
  gender: 'female',
  birthday: '2001-04-02',
  onlineStatus: 'online',
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => null, (e: unknown) => e)
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('fetchPublicHosts (the public wall)', () => {
  it('asks with a plain GET (no envelope, no token, no cookies) and answers the list', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, { result: 1, data: { list: [grace] }, msg: 'ok' }))
    await expect(fetchPublicHosts(server.url, { language: 'ar' })).resolves.toEqual({ list: [grace] })
    const [request] = server.requests
    expect(request?.method).toBe('GET')
    expect(request?.url).toBe(`${PUBLIC_HOSTS_PATH}?language=ar`)
    expect(request?.body).toBeUndefined()
    expect(request?.headers.authorization).toBeUndefined()
    expect(request?.headers.cookie).toBeUndefined()
  })

  it('builds the URL with or without a trailing slash and a language', () => {
    expect(publicHostsUrl('https://api.example.com/')).toBe('https://api.example.com/api/public/live_hosts')
    expect(publicHostsUrl('https://api.example.com', { language: 'pt-BR' })).toBe('https://api.example.com/api/public/live_hosts?language=pt-BR')
  })

  it('an HTTP error carries the status and the server message', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 400, { result: 0, data: null, msg: 'language: unknown code' }))
    const error = await failure(fetchPublicHosts(server.url, { language: 'xx' }))
    expect(error.code).toBe('HTTP_ERROR')
    expect(error.status).toBe(400)
    expect(error.serverMessage).toBe('language: unknown code')
  })

  it('a refusal or a body that is not the contract is a BACKEND_ERROR', async () => {
    server = await startTestServer((req, res) => {
      if (req.url.includes('language=en')) sendJson(res, 200, { result: 0, data: null, msg: 'closed' })
      else res.end('<html>proxy page</html>')
    })
    expect((await failure(fetchPublicHosts(server.url, { language: 'en' }))).code).toBe('BACKEND_ERROR')
    expect((await failure(fetchPublicHosts(server.url))).code).toBe('BACKEND_ERROR')
  })

  it('no server is a NETWORK_ERROR; a silent one a TIMEOUT; an aborted signal CANCELLED', async () => {
    server = await startTestServer(() => undefined) // never answers
    const closed = await startTestServer(() => undefined)
    const closedUrl = closed.url
    await closed.close()
    expect((await failure(fetchPublicHosts(closedUrl))).code).toBe('NETWORK_ERROR')
    expect((await failure(fetchPublicHosts(server.url, {}, { timeoutMs: 50 }))).code).toBe('TIMEOUT')
    const controller = new AbortController()
    const pending = fetchPublicHosts(server.url, {}, { signal: controller.signal })
    controller.abort()
    expect((await failure(pending)).code).toBe('CANCELLED')
    controller.abort()
    expect((await failure(fetchPublicHosts(server.url, {}, { signal: controller.signal }))).code).toBe('CANCELLED')
  })
})
