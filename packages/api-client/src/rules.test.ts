import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { CHANNEL, ORDER_CREATION_PATH, REQUEST_ID_LENGTH, WEB_VERSION } from './constants'
import type { UploadProgress } from '@vchat/contract'
import { createDeviceInfo, deviceModelFromUserAgent, platformFromUserAgent, timezoneOffsetMinutes } from './deviceInfo'
import { endpoints, type EndpointName } from '@vchat/contract'
import { ApiError } from './errors'
import { fileExtension, uploadFileName, withImageQuality } from './images'
import { clientInfo, deviceInfo, makeClient, signedInUser } from './test-utils/fixtures'
import { sendJson, startTestServer, type TestServer } from './test-utils/testServer'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const ANDROID = 'Mozilla/5.0 (Linux; Android 13; SM-S918B Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'

const DEVICE_FIELDS = [
  'localLanguage', 'configLanguage', 'fingerprint', 'androidId', 'screenHeight', 'screenWidth', 'timezoneId',
  'timezoneOffset', 'platform', 'gaClientId', 'deviceModel', 'webUuid', 'adid',
].sort()

describe('deviceInfo (SPEC §7)', () => {
  it('derives platform ios or android from the user agent', () => {
    expect(platformFromUserAgent(IPHONE)).toBe('ios')
    expect(platformFromUserAgent('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)')).toBe('ios')
    expect(platformFromUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15')).toBe('ios')
    expect(platformFromUserAgent(ANDROID)).toBe('android')
    expect(platformFromUserAgent(WINDOWS)).toBe('android')
    expect(deviceModelFromUserAgent(IPHONE)).toBe('iPhone')
    expect(deviceModelFromUserAgent(ANDROID)).toBe('SM-S918B')
    expect(deviceModelFromUserAgent(WINDOWS)).toBe('web')
  })

  it('sends the time zone id and its offset in minutes east of UTC at the given moment', () => {
    const winter = new Date('2025-01-15T12:00:00Z')
    const summer = new Date('2025-07-15T12:00:00Z')
    expect(timezoneOffsetMinutes('Asia/Kolkata', winter)).toBe(330)
    expect(timezoneOffsetMinutes('America/New_York', winter)).toBe(-300)
    expect(timezoneOffsetMinutes('America/New_York', summer)).toBe(-240)
    expect(timezoneOffsetMinutes('UTC', winter)).toBe(0)
    expect(timezoneOffsetMinutes('Not/AZone', winter)).toBe(0)
  })

  it('builds every field from the environment: fingerprint is the user agent, screen size, ids', () => {
    const info = createDeviceInfo({
      userAgent: IPHONE,
      localLanguage: 'ar-SA',
      configLanguage: 'ar',
      screenWidth: 390,
      screenHeight: 844,
      timezoneId: 'Asia/Riyadh',
      deviceId: 'fp-device-id',
      gaClientId: 'GA1.1.123',
      webUuid: 'web-uuid-1',
      adid: 'adid-9',
      fbp: 'fb.1.111',
      fbc: 'fb.1.222',
      at: new Date('2025-01-15T12:00:00Z'),
    })
    expect(info).toEqual({
      localLanguage: 'ar-SA',
      configLanguage: 'ar',
      fingerprint: IPHONE,
      androidId: 'fp-device-id',
      screenHeight: 844,
      screenWidth: 390,
      timezoneId: 'Asia/Riyadh',
      timezoneOffset: 180,
      platform: 'ios',
      gaClientId: 'GA1.1.123',
      deviceModel: 'iPhone',
      webUuid: 'web-uuid-1',
      adid: 'adid-9',
      fbp: 'fb.1.111',
      fbc: 'fb.1.222',
    })
  })

  it("sends '' for the vendor ids an app does not give (Google Analytics, attribution)", () => {
    const info = createDeviceInfo({
      userAgent: IPHONE,
      localLanguage: 'en-US',
      configLanguage: 'en',
      screenWidth: 390,
      screenHeight: 844,
      timezoneId: 'UTC',
      deviceId: 'fp-device-id',
    })
    expect(info).toMatchObject({ androidId: 'fp-device-id', gaClientId: '', webUuid: '', adid: '' })
    expect(info).not.toHaveProperty('fbp')
    expect(info).not.toHaveProperty('fbc')
  })
})

/** A value good enough for any endpoint's params: the test server answers every call. */
const anyParams = {} as never

describe('every endpoint against a loopback server', () => {
  // The 46 paths of SPEC §7 plus our additions: common_service/upload_push_token, call_records,
  // gift_list, unlock_image, unlocked_images, lucky_box_info, open_lucky_box and
  // anchorlist_services/exclusive_anchor_list.
  it('has 58 endpoints, one per path, all POST with the full envelope', async () => {
    const names = Object.keys(endpoints) as EndpointName[]
    expect(names).toHaveLength(58)
    expect(new Set(names.map((n) => endpoints[n].path)).size).toBe(58)

    server = await startTestServer((_req, res) => sendJson(res, 200, { result: 1, data: { ok: true }, msg: 'ok' }))
    const { client } = makeClient(server.url)
    for (const name of names) {
      const method = client[name] as (params?: unknown) => Promise<unknown>
      const fixed = endpoints[name].fixedData !== undefined
      await expect(fixed ? method() : method(anyParams)).resolves.toEqual({ ok: true })
    }
    expect(server.requests).toHaveLength(names.length)
    server.requests.forEach((request, index) => {
      const name = names[index] as EndpointName
      expect(request.method).toBe('POST')
      expect(request.url).toBe(endpoints[name].path)
      expect(request.headers.authorization).toBe(`Bearer ${signedInUser.vcToken}`)
      expect(String(request.headers['x-request-id'])).toHaveLength(REQUEST_ID_LENGTH)
      const body = request.body as Record<string, Record<string, unknown>>
      expect(Object.keys(body).sort()).toEqual(['clientInfo', 'data', 'deviceInfo', 'userInfo'])
      expect(body.userInfo).toEqual(signedInUser)
      expect(body.clientInfo).toEqual(clientInfo)
      expect(body.clientInfo?.channel).toBe('B1')
      expect(body.clientInfo?.versionName).toBe('1.0.0')
      expect(body.clientInfo?.versionCode).toBe('1.0.0')
      const sentDevice = body.deviceInfo as Record<string, unknown>
      if (endpoints[name].path === ORDER_CREATION_PATH) {
        expect(name).toBe('createOrder')
        expect(Object.keys(sentDevice).sort()).toEqual([...DEVICE_FIELDS, 'fbc', 'fbp'].sort())
        expect(sentDevice).toEqual(deviceInfo)
      } else {
        expect(Object.keys(sentDevice).sort(), name).toEqual(DEVICE_FIELDS)
        for (const field of DEVICE_FIELDS) expect(sentDevice[field]).toEqual(deviceInfo[field as keyof typeof deviceInfo])
      }
    })
    expect(CHANNEL).toBe('B1')
    expect(WEB_VERSION).toBe('1.0.0')
  })

  it('sends the fixed bodies: account action 1, reward rewardType 3, {} for the others', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, { result: 1, data: null, msg: 'ok' }))
    const { client } = makeClient(server.url)
    await client.claimCheckInReward()
    await client.getAccount()
    await client.getUserTasksInfo()
    expect(server.requests.map((r) => (r.body as { data: unknown }).data)).toEqual([{ rewardType: 3 }, { action: 1 }, {}])
  })
})

interface Upload {
  url: string
  headers: IncomingMessage['headers']
  fields: Record<string, string>
  file: { name: string; bytes: Buffer } | null
}

async function startImageHost(answer: (upload: Upload) => [number, unknown]) {
  const uploads: Upload[] = []
  const host = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const form = await new Response(Buffer.concat(chunks), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData()
      const upload: Upload = { url: req.url ?? '', headers: req.headers, fields: {}, file: null }
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') upload.fields[key] = value
        else upload.file = { name: value.name, bytes: Buffer.from(await value.arrayBuffer()) }
      }
      uploads.push(upload)
      const [status, body] = answer(upload)
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
  return { url, uploads, close: () => new Promise<void>((resolve) => host.close(() => resolve())) }
}

describe('image upload (SPEC §5, §7)', () => {
  it('posts multipart token, filename (32 hex + extension) and file to {imageHost}/upload and returns url', async () => {
    const host = await startImageHost((upload) => [200, { url: `https://img.example/${upload.fields.filename}` }])
    try {
      const progress: UploadProgress[] = []
      const { client } = makeClient('http://127.0.0.1:1', { imageHostURL: host.url })
      const bytes = new Uint8Array(256 * 1024).map((_, i) => i % 251)
      const result = await client.uploadImage({
        file: new Blob([bytes], { type: 'image/png' }),
        fileName: 'My Holiday.Photo.PNG',
        onProgress: (p) => progress.push(p),
      })
      const [upload] = host.uploads
      expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
      expect(upload?.fields.token).toBe(signedInUser.vcToken)
      expect(upload?.fields.filename).toMatch(/^[0-9a-f]{32}\.png$/)
      expect(upload?.file?.name).toBe(upload?.fields.filename)
      expect(upload?.file?.bytes.equals(Buffer.from(bytes))).toBe(true)
      expect(result).toEqual({ url: `https://img.example/${upload?.fields.filename}` })
      expect(progress.length).toBeGreaterThan(0)
      const last = progress.at(-1)
      expect(last?.loaded).toBe(last?.total)
      expect(last?.progress).toBe(1)
      for (let i = 1; i < progress.length; i += 1) {
        expect(progress[i]!.loaded).toBeGreaterThanOrEqual(progress[i - 1]!.loaded)
      }
      // The token goes in the form (and the usual Authorization header), never in the URL.
      expect(upload?.url).toBe('/upload')
    } finally {
      await host.close()
    }
  })

  it('names files with fresh random hex each time and keeps only the extension', () => {
    const names = new Set(Array.from({ length: 50 }, () => uploadFileName('a.jpeg')))
    expect(names.size).toBe(50)
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}\.jpeg$/)
    expect(uploadFileName('noext', (length) => new Uint8Array(length).fill(171))).toBe('ab'.repeat(16))
    expect(fileExtension('x.tar.GZ')).toBe('.gz')
    expect(fileExtension('.hidden')).toBe('')
    expect(fileExtension('weird.ex t')).toBe('')
  })

  it('rejects a 401 from the image host as UNAUTHORIZED and an answer without url as BACKEND_ERROR', async () => {
    let status = 401
    const host = await startImageHost(() => (status === 401 ? [401, { msg: 'token: unknown or expired' }] : [200, { nope: 1 }]))
    try {
      const { client } = makeClient(host.url)
      const upload = () => client.uploadImage({ file: new Blob(['x']), fileName: 'a.gif' })
      const unauthorized = await upload().catch((e: unknown) => e)
      expect(unauthorized).toBeInstanceOf(ApiError)
      expect((unauthorized as ApiError).code).toBe('UNAUTHORIZED')
      status = 200
      expect(((await upload().catch((e: unknown) => e)) as ApiError).code).toBe('BACKEND_ERROR')
    } finally {
      await host.close()
    }
  })
})

describe('image quality suffix (SPEC §9: 480 px)', () => {
  it('adds or replaces x-oss-process=image/resize,w_480', () => {
    expect(withImageQuality('http://h/files/a.svg')).toBe('http://h/files/a.svg?x-oss-process=image/resize,w_480')
    expect(withImageQuality('http://h/a.svg?v=2#top')).toBe('http://h/a.svg?v=2&x-oss-process=image/resize,w_480#top')
    expect(withImageQuality(withImageQuality('/a.png'), 200)).toBe('/a.png?x-oss-process=image/resize,w_200')
    expect(withImageQuality('data:image/png;base64,AA')).toBe('data:image/png;base64,AA')
    expect(withImageQuality('')).toBe('')
  })
})
