import { IMAGE_QUALITY_PARAM, IMAGE_QUALITY_PX, UPLOAD_NAME_HEX_LENGTH } from './constants'

/**
 * The URL of an image at the SPEC §9 quality (480 px wide by default): adds
 * `x-oss-process=image/resize,w_480`, replacing a quality already present. Other URLs (data:, blob:,
 * empty) come back unchanged.
 */
export function withImageQuality(url: string, px: number = IMAGE_QUALITY_PX): string {
  if (!/^https?:\/\//i.test(url) && !url.startsWith('/')) return url
  const hashIndex = url.indexOf('#')
  const hash = hashIndex === -1 ? '' : url.slice(hashIndex)
  const base = hashIndex === -1 ? url : url.slice(0, hashIndex)
  const [path = '', query = ''] = base.split('?', 2)
  const params = query
    .split('&')
    .filter((part) => part !== '' && !part.startsWith(`${IMAGE_QUALITY_PARAM}=`))
  params.push(`${IMAGE_QUALITY_PARAM}=image/resize,w_${Math.round(px)}`)
  return `${path}?${params.join('&')}${hash}`
}

/** The extension of a file name, lower-cased with its dot ('.jpg'), or '' when it has none. */
export function fileExtension(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1)
  const dot = base.lastIndexOf('.')
  if (dot <= 0 || dot === base.length - 1) return ''
  const ext = base.slice(dot + 1)
  return /^[A-Za-z0-9]{1,10}$/.test(ext) ? `.${ext.toLowerCase()}` : ''
}

/**
 * SPEC §5: 32 random hex characters plus the original extension, e.g. `3f…a9.png` (the image host
 * accepts no other name). Not a nanoid, on purpose: `crypto.getRandomValues` works on plain http too
 * (only `randomUUID` needs a secure context), and this module stays free of dependencies, so the
 * landing page, which needs `withImageQuality`, does not pull the HTTP client's chunk (where nanoid
 * lands) with it: that cost 35 KB gzip.
 */
export function uploadFileName(
  originalName: string,
  randomBytes: (length: number) => Uint8Array = (length) => crypto.getRandomValues(new Uint8Array(length)),
): string {
  const bytes = randomBytes(UPLOAD_NAME_HEX_LENGTH / 2)
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return hex + fileExtension(originalName)
}
