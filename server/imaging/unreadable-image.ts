/**
 * The pixels of an image cannot be decoded (a truncated or damaged file, a HEIC libheif cannot read,
 * more pixels than the decoder accepts): one error wherever images are decoded (thumbnails, HEIC,
 * slot uploads). Its message is for the log; the answer is a catalogue entry (`UnreadableImage`, or
 * the wording of the route that decoded it).
 */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(`The image cannot be decoded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'UnreadableImageError';
  }
}
