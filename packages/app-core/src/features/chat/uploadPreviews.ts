/**
 * Local previews (object URLs) of photos being uploaded from the composer, by upload id. An object URL
 * keeps its file in memory until it is revoked, so each one is released as soon as it is not shown:
 * when the upload ends (the sent message shows the image host's URL; a failed one offers Retry without
 * a thumbnail), when it is discarded, and when the chat view holding the composer goes away.
 * The platform's `URL.createObjectURL` / `URL.revokeObjectURL` are read at call time (tests stub them).
 */
const previews = new Map<string, string>()

/** Makes the preview of an upload's file ('' where the platform has no object URLs). */
export function createUploadPreview(id: string, file: Blob): string {
  releaseUploadPreview(id)
  if (typeof URL.createObjectURL !== 'function') return ''
  const url = URL.createObjectURL(file)
  previews.set(id, url)
  return url
}

/** Revokes an upload's preview, if it has one. */
export function releaseUploadPreview(id: string): void {
  const url = previews.get(id)
  if (url === undefined) return
  previews.delete(id)
  if (typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url)
}

