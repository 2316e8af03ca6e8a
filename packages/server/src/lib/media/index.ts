/**
 * The upload pipeline, shared by comment media and post uploads:
 *   receiveToFile(stream, tmp)  type by magic bytes and size cap while streaming (IMAGE_INVALID_TYPE / IMAGE_INVALID_SIZE)
 *   processMedia(file, out)     sharp variants for images; ffmpeg GIF/MP4/WebM -> MP4 + poster
 */
export {
  ACCEPTED_TYPES, MAX_UPLOAD_BYTES, MediaError, detectType, invalidSize, invalidType, isMediaError, receiveToFile,
  type MediaErrorCode, type MediaFileType,
} from './receive.js';
export { processMedia, type MediaImage, type MediaVideo, type ProcessOptions, type ProcessedMedia } from './process.js';
