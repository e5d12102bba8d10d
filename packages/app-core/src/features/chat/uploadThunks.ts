/**
 * Sending a photo from the composer: upload it (progress on a local thumbnail), then send the image
 * message; a failed upload waits for a retry or its removal; leaving the conversation releases the
 * thumbnails. The uploads' state is `uploadSlice`; their files and thumbnails stay out of the store.
 */
import { MessageType } from '@vchat/contract'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { failureReason, sendMessage } from './chatThunks'
import { selectUploads, uploadFailed, uploadFinished, uploadPreviewReleased, uploadProgressed, uploadRetried, uploadStarted } from './uploadSlice'
import { createUploadPreview, releaseUploadPreview } from './uploadPreviews'
import { nanoid } from 'nanoid'

/**
 * The two thunks that hold an upload's file. The files of uploads in progress or failed are kept
 * here, out of the store (a File is not serialisable), where only these two thunks reach them.
 */
function createUploadThunks() {
  const files = new Map<string, File>()

  /**
   * Uploads an image from the composer (progress shown on a local thumbnail), then sends the image
   * message. A failed upload stays with a retry; `id` retries an earlier one. The thumbnail is an object
   * URL made here and revoked when the upload ends either way (see uploadPreviews.ts); a retry makes a
   * new one from the kept file.
   */
  const sendImage = createAppAsyncThunk('chat/sendImage', async (input: { to: string; file?: File; id?: string }, { extra, dispatch }) => {
    let id = input.id
    if (!id) {
      if (!input.file) return
      id = `upload-${nanoid()}`
      files.set(id, input.file)
      dispatch(uploadStarted({ id, tid: input.to, previewUrl: createUploadPreview(id, input.file) }))
    } else {
      const kept = files.get(id)
      if (!kept) return
      dispatch(uploadRetried({ id, previewUrl: createUploadPreview(id, kept) }))
    }
    const file = files.get(id)
    if (!file) return
    const uploadId = id
    try {
      const { url } = await extra.api.uploadImage({
        file,
        fileName: file.name,
        onProgress: ({ progress }) => dispatch(uploadProgressed({ id: uploadId, progress: progress ?? null })),
      })
      await dispatch(sendMessage({ to: input.to, content: '', type: MessageType.Image, attachment: { url, thumbUrl: url, payNeed: false, payPrice: 0 } }))
      files.delete(uploadId)
      // The sent message (with the image host's URL) is in the thread now: the local preview can go.
      dispatch(uploadFinished(uploadId))
      releaseUploadPreview(uploadId)
    } catch (error) {
      extra.logger.warn('image upload failed', { reason: failureReason(error) })
      dispatch(uploadFailed(uploadId))
      releaseUploadPreview(uploadId)
    }
  })

  /** Drops a failed upload (its file and preview). */
  const discardUpload = createAppAsyncThunk('chat/discardUpload', async (id: string, { dispatch }) => {
    files.delete(id)
    dispatch(uploadFinished(id))
    releaseUploadPreview(id)
  })

  return { sendImage, discardUpload }
}

export const { sendImage, discardUpload } = createUploadThunks()

/**
 * The chat view holding the composer goes away: the previews of its thread's uploads are revoked (an
 * upload still running carries on and shows without a thumbnail when the thread is opened again).
 */
export const releaseUploadPreviews = createAppAsyncThunk('chat/releaseUploadPreviews', async (tid: string, { getState, dispatch }) => {
  for (const upload of selectUploads(getState())) {
    if (upload.tid !== tid) continue
    releaseUploadPreview(upload.id)
    if (upload.previewUrl) dispatch(uploadPreviewReleased(upload.id))
  }
})
