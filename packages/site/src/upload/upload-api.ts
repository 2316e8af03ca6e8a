import { ApiFailure, ApiNetworkError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, type ApiEnvelope } from '../lib/api';
import { getUploadStatus, SUBMIT_PATH } from '../lib/endpoints/posts';

/** The server's reply to POST /submit and GET /v1/submit-status: the contract's type (@guffaw/api upload.ts). */
export type { UploadStatus } from '@guffaw/api';
import type { UploadStatus } from '@guffaw/api';

/** The post types the upload page offers (posts-and-feeds.md §3), with the server's field rules (modules/upload/schemas.ts). */
export const UPLOAD_TYPES = [
  { type: 'Photo', label: 'Photo' },
  { type: 'Animated', label: 'GIF' },
  { type: 'Video', label: 'Video' },
  { type: 'Text', label: 'Text' },
  { type: 'Article', label: 'Article' },
  { type: 'ForumPost', label: 'Ask' },
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number]['type'];
export const MEDIA_UPLOAD_TYPES: readonly UploadType[] = ['Photo', 'Animated', 'Video'];
export const TITLE_MAX = 280;
export const DESCRIPTION_MAX = 5000;
export const ARTICLE_BODY_MAX = 20_000;
export const MAX_TAGS = 5;
export const MAX_INTERESTS = 3;
export const ACCEPTED_FILES = 'image/jpeg,image/png,image/gif,video/mp4,video/webm';
export const SIZE_LIMIT_TEXT = 'JPEG or PNG up to 10 MB, GIF up to 20 MB, MP4 or WebM up to 50 MB and 120 seconds.';

/**
 * POST /submit as multipart with XMLHttpRequest: fetch has no upload progress. `onProgress` gets 0..1 of the bytes
 * sent. Resolves with data on Success; throws ApiFailure (the server's code and message) or ApiNetworkError.
 */
export function submitPost(form: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadStatus> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', SUBMIT_PATH);
    xhr.setRequestHeader('x-api-version', '2');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiNetworkError(NETWORK_ERROR_MESSAGE));
    xhr.ontimeout = () => reject(new ApiNetworkError('The server took too long to answer. Please try again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      let reply: ApiEnvelope<UploadStatus> | null = null;
      try {
        reply = JSON.parse(xhr.responseText) as ApiEnvelope<UploadStatus>;
      } catch {
        reply = null;
      }
      if (!reply?.meta) {
        reject(new ApiNetworkError(`${GENERIC_ERROR_MESSAGE} (HTTP ${xhr.status})`, xhr.status));
        return;
      }
      if (reply.meta.status !== 'Success' || xhr.status >= 400) {
        reject(new ApiFailure(reply.meta.errorCode ?? 'FAILURE', reply.meta.errorMessage || GENERIC_ERROR_MESSAGE, xhr.status));
        return;
      }
      resolve(reply.data);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const uploadStatus = getUploadStatus;
