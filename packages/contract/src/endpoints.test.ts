import { describe, expect, it } from 'vitest'
import { endpoints, type EndpointName } from './index.ts'
import { endpointSchemas } from './schemas.ts'

const names = Object.keys(endpoints) as EndpointName[]

describe('the endpoint table', () => {
  it('names every product endpoint once, each at its own /api/<service>/<name> path', () => {
    const paths = names.map((name) => endpoints[name].path)
    expect(names).toHaveLength(58)
    expect(new Set(paths).size).toBe(paths.length)
    for (const path of paths) expect(path).toMatch(/^\/api\/[a-z_]+\/[a-z_0-9/]+$/)
  })

  it('lets a visitor call only login, the site configuration and the maintenance status', () => {
    expect(names.filter((name) => !endpoints[name].auth).sort()).toEqual([
      'getMaintenanceStatus',
      'getWebsiteConfig',
      'login',
      'userPwdLogin',
    ])
  })

  it('gives every endpoint a request and a response schema, and fixed data its request schema accepts', () => {
    expect(Object.keys(endpointSchemas).sort()).toEqual([...names].sort())
    for (const name of names) {
      const { fixedData } = endpoints[name]
      if (fixedData !== undefined) expect(endpointSchemas[name].request.safeParse(fixedData).success, name).toBe(true)
    }
  })

  it('refuses data outside a request schema, naming the field', () => {
    const refused = endpointSchemas.userPwdLogin.request.safeParse({ uid: '', passwd: 'x' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.path).toEqual(['uid'])
    expect(endpointSchemas.getAccount.request.safeParse({ action: 2 }).success).toBe(false)
  })
})
