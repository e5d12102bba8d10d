import {
  CAMERA_IDEAL_HEIGHT,
  CAMERA_IDEAL_WIDTH,
  CAMERA_MAX_HEIGHT,
  CAMERA_MAX_WIDTH,
  PREFERRED_VIDEO_MIME_TYPE,
} from './constants'

/** Video constraints of the camera request (SPEC §9): ideal 480x640, max 720x1280. */
export const CAMERA_CONSTRAINTS: Readonly<MediaTrackConstraints> = Object.freeze({
  width: Object.freeze({ ideal: CAMERA_IDEAL_WIDTH, max: CAMERA_MAX_WIDTH }),
  height: Object.freeze({ ideal: CAMERA_IDEAL_HEIGHT, max: CAMERA_MAX_HEIGHT }),
})

/** The part of an `RTCRtpCodec` this module reads. */
export interface CodecLike {
  readonly mimeType: string
}

/**
 * Returns a new list with every H264 video codec first (SPEC §4), keeping the relative order
 * inside both groups (so the browser's own profile preference among H264 entries stays).
 * Pure: the input is not changed. Pass the result to `RTCRtpTransceiver.setCodecPreferences`.
 */
export function preferH264<T extends CodecLike>(codecs: readonly T[]): T[] {
  const preferred = PREFERRED_VIDEO_MIME_TYPE.toLowerCase()
  const h264: T[] = []
  const others: T[] = []
  for (const codec of codecs) {
    if (codec.mimeType.toLowerCase() === preferred) h264.push(codec)
    else others.push(codec)
  }
  return [...h264, ...others]
}
