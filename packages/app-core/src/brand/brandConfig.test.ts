import { describe, expect, it } from 'vitest'
import { testBrand } from '../testing/testBrand'
import { brandConfigSchema, defineBrand, validateBrandConfig } from './brandConfig'

describe('validateBrandConfig', () => {
  it('accepts a complete brand', () => {
    expect(validateBrandConfig(testBrand)).toEqual(testBrand)
    expect(defineBrand(testBrand)).toBe(testBrand)
  })

  it('names the brand and the field path of a malformed URL', () => {
    const broken = { ...testBrand, id: 'second', servers: { ...testBrand.servers, api: 'not a url' } }
    expect(() => validateBrandConfig(broken)).toThrow('brand "second": servers.api: Invalid URL')
  })

  it('uses the given source label', () => {
    const broken = { ...testBrand, servers: { ...testBrand.servers, websocket: 'https://x.example.com' } }
    expect(() => validateBrandConfig(broken, 'brands/third')).toThrow(/^brand "brands\/third": servers\.websocket: Invalid URL/)
  })

  it('reports a missing id', () => {
    const { id: _id, ...withoutId } = testBrand
    expect(() => validateBrandConfig(withoutId)).toThrow(/brand "unknown": id: /)
  })

  it('reports nested route flags and theme colours', () => {
    const broken = {
      ...testBrand,
      routes: { ...testBrand.routes, club: {} },
      theme: { ...testBrand.theme, buttonColor: 'purple' },
    }
    let message = ''
    try {
      validateBrandConfig(broken)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('routes.club.auth:')
    expect(message).toContain('theme.buttonColor: expected a hex colour')
  })

  it('accepts an empty Google client id (not configured)', () => {
    expect(brandConfigSchema.safeParse({ ...testBrand, google: { clientId: '' } }).success).toBe(true)
    expect(brandConfigSchema.safeParse({ ...testBrand, google: { clientId: 'nope' } }).success).toBe(false)
  })
})
