// @vitest-environment node
import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { appShellFiles, drawIcon, ICON_SIZES, serviceWorkerSource, webManifest } from '../../../vite/pwaPlugin.ts'
import type { PwaBrand } from '../../../vite/pwaPlugin.ts'

const brand: PwaBrand = {
  id: 'second',
  displayName: 'Vidora',
  tagline: 'Live video chat',
  logos: { mark: 'file:///nowhere/mark.svg' },
  theme: { background: '#0d0b1f', buttonColor: '#6a48f5', buttonTextColor: '#ffffff', primary: '#9a84ff' },
}

describe('pwa plugin', () => {
  it('writes a manifest with the brand name, colours, standalone display and 192/512 icons', () => {
    const manifest = webManifest(brand, true) as { name: string; display: string; theme_color: string; background_color: string; start_url: string; icons: { sizes: string; type: string; purpose: string }[] }
    expect(manifest.name).toBe('Vidora')
    expect(manifest.display).toBe('standalone')
    expect(manifest.start_url).toBe('/')
    expect(manifest.theme_color).toBe('#0d0b1f')
    expect(manifest.background_color).toBe('#0d0b1f')
    for (const size of ICON_SIZES) {
      expect(manifest.icons).toContainEqual({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })
      expect(manifest.icons).toContainEqual({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' })
    }
    expect(manifest.icons.some((icon) => icon.type === 'image/svg+xml')).toBe(true)
    expect((webManifest(brand, false) as { icons: unknown[] }).icons).toHaveLength(4)
  })

  it('draws a valid PNG of the asked size in the brand colours', () => {
    const png = drawIcon(192, '#6a48f5', '#ffffff')
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(png.readUInt32BE(16)).toBe(192)
    expect(png.readUInt32BE(20)).toBe(192)
    const idatLength = png.readUInt32BE(33)
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT')
    const pixels = inflateSync(png.subarray(41, 41 + idatLength))
    expect(pixels.length).toBe(192 * (1 + 192 * 3))
    // Top-left corner: the button colour; centre: the foreground.
    expect([...pixels.subarray(1, 4)]).toEqual([0x6a, 0x48, 0xf5])
    const centre = 96 * (1 + 192 * 3) + 1 + 96 * 3
    expect([...pixels.subarray(centre, centre + 3)]).toEqual([255, 255, 255])
  })

  it('the app shell is the entry chunk, its static imports and their styles, not the lazy chunks', () => {
    const chunk = (fileName: string, isEntry: boolean, imports: string[], css: string[] = []) => ({
      type: 'chunk' as const,
      fileName,
      isEntry,
      imports,
      viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() },
    })
    const bundle = {
      'assets/index.js': chunk('assets/index.js', true, ['assets/react.js', 'assets/i18n.js'], ['assets/index.css']),
      'assets/react.js': chunk('assets/react.js', false, []),
      'assets/i18n.js': chunk('assets/i18n.js', false, []),
      'assets/TaskScreen.js': chunk('assets/TaskScreen.js', false, ['assets/react.js']),
      'assets/logo.svg': { type: 'asset' as const, fileName: 'assets/logo.svg' },
    }
    expect(appShellFiles(bundle as never)).toEqual(['assets/i18n.js', 'assets/index.css', 'assets/index.js', 'assets/react.js'])
  })

  it('the service worker caches the shell under a versioned name and never touches the API', () => {
    const source = serviceWorkerSource('abc123', ['assets/index.js'])
    expect(source).toContain("const CACHE = 'vchat-shell-abc123'")
    expect(source).toContain('["/","/assets/index.js"]')
    expect(source).toContain("'/api/'")
    expect(source).toContain("request.mode === 'navigate'")
    expect(() => new Function(source)).not.toThrow()
  })
})
