import { endpoints, type EndpointName } from '@vchat/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadImageResponse } from '@vchat/contract/schemas'
import { PRODUCT_ROUTES } from './index.ts'
import { SAMPLES, recordConnectedCall, signIn, startWorld, tokenizeAtProvider, type TestWorld } from './test-support/world.ts'

/**
 * The contract test: every api-client method, called through the real client against a live
 * dev-server, answers data that parses with the response schema of its endpoint — and each schema is
 * compile-time checked to be exactly its type in @vchat/contract (schemas.ts `exact<T>()`).
 * The test parses on its own side, whatever the server's own response check does.
 */
describe('contract: every api-client function against the live dev-server', () => {
  let world: TestWorld
  beforeAll(async () => {
    world = await startWorld()
  })
  afterAll(() => world.close())

  it('serves exactly the endpoints the client has (58), each with request and response schemas', () => {
    const clientPaths = Object.values(endpoints).map((e) => e.path).sort()
    const served = PRODUCT_ROUTES.map((r) => r.path).sort()
    expect(clientPaths).toHaveLength(58)
    expect(served).toEqual(clientPaths)
  })

  it('parses every answer into its declared type', async () => {
    const { api } = await signIn(world)
    const schemaOf = new Map(PRODUCT_ROUTES.map((r) => [r.path, r.product!.response]))
    const walked = new Set<EndpointName>()
    const check = (name: EndpointName, value: unknown) => {
      const schema = schemaOf.get(endpoints[name].path)
      const parsed = schema!.safeParse(value)
      expect(parsed.success, `${name}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues[0])}`).toBe(true)
      walked.add(name)
      return value
    }
    const call = async (name: EndpointName, params?: object) => {
      const method = api[name] as (p?: unknown) => Promise<unknown>
      const fixed = endpoints[name].fixedData !== undefined
      return check(name, await (fixed ? method() : method(params ?? SAMPLES[name])))
    }

    // Payment first, so that status and authentication see real ids.
    const order = (await call('createOrder')) as { orderId: string }
    const { token } = await tokenizeAtProvider(world, { number: '4111111111111111' })
    const card = (await call('saveBankCard', { cardToken: token, keep: true })) as { cardId: string }
    await call('getPayOrderStatus', { orderId: order.orderId })
    await call('authenticatePayment', { orderId: order.orderId, cardId: card.cardId })

    // A call to rate and report.
    recordConnectedCall(world)

    const last: EndpointName[] = ['logout']
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      if (walked.has(name) || last.includes(name)) continue
      await call(name)
    }
    for (const name of last) await call(name)

    expect([...walked].sort()).toEqual((Object.keys(endpoints) as EndpointName[]).sort())
  })

  it('the image host answers { url } that parses, and the uploaded file is served back', async () => {
    const { api } = await signIn(world)
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
    const progress: number[] = []
    const result = await api.uploadImage({
      file: new Blob([png], { type: 'image/png' }),
      fileName: 'me.png',
      onProgress: (p) => progress.push(p.loaded),
    })
    expect(uploadImageResponse.safeParse(result).success).toBe(true)
    expect(result.url).toMatch(new RegExp(`^${world.server.url}/files/uploads/[0-9a-f]{32}\\.png$`))
    expect(progress.at(-1)).toBeGreaterThan(png.length)
    const served = await fetch(result.url)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true)
  })
})
