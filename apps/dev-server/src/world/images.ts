/**
 * Locally generated images (no external hosts): SVG avatars and photos, drawn from the anchor's
 * uid, made on first request and cached. The 480 px quality suffix (`?x-oss-process=image/resize,w_480`,
 * see api-client `withImageQuality`) is honoured: the SVG is drawn at that width.
 */
import type { Gender } from '@vchat/contract'
import { seedHash } from '../db/seedData.ts'
import { portraitSvg } from './portraits.ts'

/** Width of an image asked for without a quality suffix. */
const ORIGINAL_WIDTH = 960
const MAX_WIDTH = 2048
const CACHE_LIMIT = 1000
const cache = new Map<string, Buffer>()

export type ImageKind = 'avatar' | 'photo' | 'cover'

/** Reads `x-oss-process=image/resize,w_<n>`: the width, ORIGINAL_WIDTH without one, null when malformed. */
export function requestedWidth(process: string | null): number | null {
  if (process === null) return ORIGINAL_WIDTH
  const match = /^image\/resize,w_(\d{1,4})$/.exec(process)
  if (!match) return null
  const width = Number(match[1])
  return width >= 16 && width <= MAX_WIDTH ? width : null
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The SVG of one image; `label` is drawn as text (escaped). */
export function renderImage(kind: ImageKind, seed: string, label: string, width: number): Buffer {
  const key = `${kind}:${seed}:${label}:${width}`
  const cached = cache.get(key)
  if (cached) return cached
  const hash = seedHash(seed)
  const hue = hash % 360
  const hue2 = (hue + 40 + ((hash >>> 9) % 80)) % 360
  const aspect = kind === 'avatar' ? 1 : 4 / 3
  const w = 480
  const h = Math.round(w * aspect)
  const height = Math.round(width * aspect)
  const initial = escapeXml(Array.from(label)[0]?.toUpperCase() ?? '?')
  const caption = escapeXml(label)
  const shapes =
    kind === 'avatar'
      ? `<circle cx="240" cy="200" r="90" fill="rgba(255,255,255,0.28)"/><ellipse cx="240" cy="430" rx="170" ry="120" fill="rgba(255,255,255,0.22)"/>` +
        `<text x="240" y="232" font-family="sans-serif" font-size="96" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text>`
      : `<circle cx="${100 + (hash % 280)}" cy="${120 + ((hash >>> 5) % 200)}" r="${60 + (hash % 70)}" fill="rgba(255,255,255,0.18)"/>` +
        `<rect x="40" y="${h - 120}" width="400" height="72" rx="36" fill="rgba(0,0,0,0.25)"/>` +
        `<text x="240" y="${h - 72}" font-family="sans-serif" font-size="32" fill="#fff" text-anchor="middle">${caption}</text>`
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,60%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2},65%,42%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${shapes}</svg>`
  const bytes = Buffer.from(svg, 'utf8')
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
  cache.set(key, bytes)
  return bytes
}

/**
 * A person's picture: the profile picture (`variant` 0, square) or a gallery photo (`variant` n, 3:4),
 * an illustrated portrait with the account's own look (see portraits.ts), cached like the others.
 */
export function renderPortrait(uid: string, gender: Gender | '', variant: number, width: number): Buffer {
  const key = `portrait:${uid}:${gender}:${variant}:${width}`
  const cached = cache.get(key)
  if (cached) return cached
  const bytes = Buffer.from(portraitSvg({ person: uid, gender, variant, width, aspect: variant === 0 ? 1 : 4 / 3 }), 'utf8')
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
  cache.set(key, bytes)
  return bytes
}

/** Paths of an anchor's generated images. */
export function avatarPath(uid: string): string {
  return `/files/avatars/${uid}.svg`
}

export function photoPath(uid: string, index: number): string {
  return `/files/photos/${uid}_${index}.svg`
}
