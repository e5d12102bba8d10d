import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Gender } from '@vchat/contract'
import { findSessionUid } from '../auth/sessions.ts'
import { MAX_UPLOAD_BYTES } from '../constants.ts'
import { HttpError, errorBody } from '../http/http.ts'
import type { AppContext } from '../app/context.ts'
import type { RawResult, Route, RouteResult } from '../http/routes.ts'
import { renderImage, renderPortrait, requestedWidth } from '../world/images.ts'
import { privatePhotoOf, signedSecondsLeft } from '../world/paidImages.ts'
import { activeGift } from '../xmpp/giftCatalogue.ts'

const UPLOAD_NAME = /^[0-9a-f]{32}\.(png|jpe?g|gif|webp)$/
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
}

/** Magic numbers of the accepted image formats (an upload must be what its name says). */
function looksLike(ext: string, bytes: Buffer): boolean {
  const startsWith = (...values: number[]) => values.every((v, i) => bytes[i] === v)
  switch (ext) {
    case 'png':
      return startsWith(0x89, 0x50, 0x4e, 0x47)
    case 'jpg':
    case 'jpeg':
      return startsWith(0xff, 0xd8, 0xff)
    case 'gif':
      return startsWith(0x47, 0x49, 0x46, 0x38)
    case 'webp':
      return startsWith(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP'
    default:
      return false
  }
}

function raw(contentType: string, bytes: Buffer, cache = 'public, max-age=86400'): RouteResult {
  const body: RawResult = {
    status: 200,
    headers: { 'Content-Type': contentType, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' },
    bytes,
  }
  return { body }
}

function uploadsDir(app: AppContext): string {
  return join(app.dataDir, 'uploads')
}

const SVG = 'image/svg+xml; charset=utf-8'
/** Portrait variants of private photos, apart from the public gallery's (1–99). */
const PRIVATE_PHOTO_VARIANT = 100

function anchorGenderOf(app: AppContext, uid: string): Gender | null {
  const row = app.db.prepare('SELECT gender FROM anchors WHERE uid = ?').get(uid) as { gender: Gender } | undefined
  return row ? row.gender : null
}

export const fileRoutes: Route[] = [
  {
    // Generated images and uploads; `?x-oss-process=image/resize,w_<px>` draws SVGs at that width.
    method: 'GET',
    path: '/files/*',
    handle({ app, url }) {
      const width = requestedWidth(url.searchParams.get('x-oss-process'))
      if (width === null) throw new HttpError(400, 'x-oss-process: expected image/resize,w_<16–2048>')
      const path = url.pathname
      let match = /^\/files\/avatars\/(\d{1,12})\.svg$/.exec(path)
      if (match?.[1]) {
        const row = app.db
          .prepare('SELECT COALESCE(a.gender, p.gender, \'\') AS gender FROM users u LEFT JOIN anchors a ON a.uid = u.uid LEFT JOIN profiles p ON p.uid = u.uid WHERE u.uid = ?')
          .get(match[1]) as { gender: Gender | '' } | undefined
        if (!row) throw new HttpError(404, `no image ${path}`)
        return raw(SVG, renderPortrait(match[1], row.gender, 0, width))
      }
      match = /^\/files\/photos\/(\d{1,12})_(\d{1,2})\.svg$/.exec(path)
      if (match?.[1] && match[2]) {
        const row = app.db
          .prepare('SELECT a.gender, a.photo_count FROM anchors a WHERE a.uid = ?')
          .get(match[1]) as { gender: Gender; photo_count: number } | undefined
        const index = Number(match[2])
        if (!row || index < 1 || index > row.photo_count) throw new HttpError(404, `no image ${path}`)
        return raw(SVG, renderPortrait(match[1], row.gender, index, width))
      }
      match = /^\/files\/gifts\/([a-z0-9_-]{1,40})\.svg$/.exec(path)
      if (match?.[1]) {
        const gift = activeGift(match[1])
        if (!gift) throw new HttpError(404, `no image ${path}`)
        return raw(SVG, renderImage('avatar', `gift-${gift.id}`, gift.title, width))
      }
      const privatePhoto = privatePhotoOf(path)
      if (privatePhoto) {
        // Only through a signed URL the unlock gave (world/paidImages.ts); kept no longer than it lives.
        const secondsLeft = signedSecondsLeft(app, path, url.searchParams.get('exp'), url.searchParams.get('sig'))
        if (secondsLeft === null) throw new HttpError(403, 'a private photo needs a valid, unexpired signed URL')
        const host = anchorGenderOf(app, privatePhoto.uid)
        if (host === null) throw new HttpError(404, `no image ${path}`)
        return raw(SVG, renderPortrait(privatePhoto.uid, host, PRIVATE_PHOTO_VARIANT + privatePhoto.index, width), `private, max-age=${secondsLeft}`)
      }
      match = /^\/files\/private-previews\/(\d{1,12})_(\d{1,2})\.svg$/.exec(path)
      if (match?.[1] && match[2] && privatePhotoOf(`/files/private/${match[1]}_${match[2]}.svg`)) {
        // Drawn from nothing of the photo: a placeholder, whatever the photo shows.
        return raw(SVG, renderImage('photo', `private-${match[1]}-${match[2]}`, '', width))
      }
      if (path === '/files/download/qr.svg') return raw(SVG, renderImage('cover', 'download', 'Get the app', width))
      match = /^\/files\/uploads\/([^/]+)$/.exec(path)
      const name = match?.[1]
      if (name && UPLOAD_NAME.test(name)) {
        try {
          // Uploads are served as stored: raster images are not resized by the local backend.
          return raw(CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream', readFileSync(join(uploadsDir(app), name)))
        } catch {
          throw new HttpError(404, `no image ${path}`)
        }
      }
      throw new HttpError(404, `no file ${path}`)
    },
  },
  {
    // The image host: multipart token, filename, file → { url } (SPEC §7).
    method: 'POST',
    path: '/upload',
    raw: { maxBytes: MAX_UPLOAD_BYTES + 64 * 1024 },
    async handle({ app, req, rawBody }) {
      const contentType = req.headers['content-type'] ?? ''
      if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
        throw new HttpError(400, 'body: expected multipart/form-data')
      }
      let form: FormData
      try {
        form = await new Response(rawBody ?? Buffer.alloc(0), { headers: { 'content-type': contentType } }).formData()
      } catch {
        throw new HttpError(400, 'body: malformed multipart data')
      }
      const token = form.get('token')
      if (typeof token !== 'string') throw new HttpError(400, 'token: required')
      const uid = findSessionUid(app.db, token, app.now())
      if (uid === null) return { status: 401, body: errorBody('token: unknown or expired token') }
      const filename = form.get('filename')
      if (typeof filename !== 'string') throw new HttpError(400, 'filename: required')
      const nameMatch = UPLOAD_NAME.exec(filename.toLowerCase())
      if (!nameMatch?.[1] || filename !== filename.toLowerCase()) {
        throw new HttpError(400, 'filename: expected 32 hex characters and .png, .jpg, .jpeg, .gif or .webp')
      }
      const file = form.get('file')
      if (file === null || typeof file === 'string') throw new HttpError(400, 'file: required')
      const bytes = Buffer.from(await file.arrayBuffer())
      if (bytes.length === 0) throw new HttpError(400, 'file: empty')
      if (bytes.length > MAX_UPLOAD_BYTES) throw new HttpError(413, 'file: larger than 5 MB')
      if (!looksLike(nameMatch[1], bytes)) throw new HttpError(400, `file: not a ${nameMatch[1]} image`)
      // Stored under a name the server draws (32 random hex characters and the checked extension):
      // the client's name is only a hint, so one upload can never replace another.
      const stored = `${randomBytes(16).toString('hex')}.${nameMatch[1]}`
      mkdirSync(uploadsDir(app), { recursive: true })
      writeFileSync(join(uploadsDir(app), stored), bytes, { flag: 'wx' })
      app.log(`upload ${stored} (${bytes.length} bytes) by uid ${uid}`)
      return { body: { url: `${app.publicUrl}/files/uploads/${stored}` } }
    },
  },
]
