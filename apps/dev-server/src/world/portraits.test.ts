import { describe, expect, it } from 'vitest'
import { portraitSvg } from './portraits.ts'

/** The attribute names of every `<svg …>` start tag, to catch a nested tag written twice. */
function svgTags(svg: string): string[][] {
  return [...svg.matchAll(/<svg\b([^>]*)>/g)].map((match) => [...(match[1] ?? '').matchAll(/\s([\w:-]+)=/g)].map((attribute) => attribute[1] ?? ''))
}

describe('portraitSvg (illustrated faces of the local world)', () => {
  it('draws the same picture for the same person and variant, and another one for another person', () => {
    const grace = portraitSvg({ person: '200001', gender: 'female', variant: 0, width: 480, aspect: 1 })
    expect(portraitSvg({ person: '200001', gender: 'female', variant: 0, width: 480, aspect: 1 })).toBe(grace)
    expect(portraitSvg({ person: '200002', gender: 'female', variant: 0, width: 480, aspect: 1 })).not.toBe(grace)
  })

  it('a gallery photo is 3:4 at the asked width with the face at the bottom, and differs from the profile picture', () => {
    const photo = portraitSvg({ person: '200001', gender: 'female', variant: 2, width: 480, aspect: 4 / 3 })
    expect(photo).toMatch(/^<svg [^>]*width="480" height="640" viewBox="0 0 480 640"/)
    expect(photo).toContain('<svg x="0" y="160" width="480" height="480"')
    expect(photo).not.toBe(portraitSvg({ person: '200001', gender: 'female', variant: 0, width: 480, aspect: 4 / 3 }))
  })

  it('is one well-formed document: no start tag repeats an attribute, the face keeps its licence metadata', () => {
    for (const gender of ['female', 'male', ''] as const) {
      const svg = portraitSvg({ person: '300001', gender, variant: 1, width: 240, aspect: 4 / 3 })
      for (const names of svgTags(svg)) expect(new Set(names).size).toBe(names.length)
      expect(svg.match(/<svg\b/g)).toHaveLength(2)
      expect(svg.endsWith('</svg></svg>')).toBe(true)
      expect(svg).toContain('Avataaars')
    }
  })
})
