/**
 * Paid images (our design; SPEC §3 names only an image message's payNeed and payPrice): a host's
 * private photos, which a user sees only after unlocking one for gems.
 *
 * - A private photo lives at `/files/private/<uid>_<n>.svg` and the image host serves it only through
 *   a short-lived signed URL (`?exp=<ms>&sig=<HMAC-SHA256 of path and expiry>`, the S3/CDN way):
 *   the path a message carries is a name, not a way in, so the client never holds the image before
 *   it is paid for, and a URL passed on stops working within `PAID_IMAGE_VIEW_TTL_MS`.
 * - Its locked bubble shows `/files/private-previews/<uid>_<n>.svg`, a public placeholder drawn from
 *   nothing of the photo (a blurred copy of a vector image would carry the image itself).
 * - The signing key is drawn at each start of the server: signed URLs do not outlive it, and the app
 *   asks for fresh ones (unlocked_images) whenever one stops loading.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { PAID_IMAGE_VIEW_TTL_MS, PRIVATE_PHOTO_COUNT } from '../constants.ts'
import type { AppContext } from '../app/context.ts'

const PRIVATE_PHOTO = /^\/files\/private\/(\d{1,12})_(\d{1,2})\.svg$/

export function privatePhotoPath(uid: string, index: number): string {
  return `/files/private/${uid}_${index}.svg`
}

export function privatePreviewPath(uid: string, index: number): string {
  return `/files/private-previews/${uid}_${index}.svg`
}

/** The host uid and photo number of a private photo's path, or null (not one, or past the album). */
export function privatePhotoOf(path: string): { uid: string; index: number } | null {
  const match = PRIVATE_PHOTO.exec(path)
  if (!match?.[1] || !match[2]) return null
  const index = Number(match[2])
  return index >= 1 && index <= PRIVATE_PHOTO_COUNT ? { uid: match[1], index } : null
}

function signature(app: Pick<AppContext, 'signingKey'>, path: string, expires: number): string {
  return createHmac('sha256', app.signingKey).update(`${path}\n${expires}`).digest('base64url')
}

/** A URL that shows the private photo at `path` until `PAID_IMAGE_VIEW_TTL_MS` from now. */
export function signedImageUrl(app: Pick<AppContext, 'signingKey' | 'now' | 'publicUrl'>, path: string): string {
  const expires = app.now() + PAID_IMAGE_VIEW_TTL_MS
  return `${app.publicUrl}${path}?exp=${expires}&sig=${signature(app, path, expires)}`
}

/**
 * Whether `exp` and `sig` open `path` now: the signature is this server's for that path and expiry
 * (compared in constant time) and the expiry has not passed. Answers the seconds left, or null.
 */
export function signedSecondsLeft(app: Pick<AppContext, 'signingKey' | 'now'>, path: string, exp: string | null, sig: string | null): number | null {
  if (!exp || !sig || !/^\d{1,16}$/.test(exp)) return null
  const expires = Number(exp)
  const expected = Buffer.from(signature(app, path, expires))
  const given = Buffer.from(sig)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const left = expires - app.now()
  return left > 0 ? Math.ceil(left / 1000) : null
}
