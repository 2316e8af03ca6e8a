import type { ApiReply } from '@guffaw/api';

/** DESIGN.md: the main API's reply envelope. */
export type { ApiReply } from '@guffaw/api';

export const success = <T>(data: T): ApiReply<T> => ({ meta: { status: 'Success' }, data });

export const failure = (errorCode: string, errorMessage: string): ApiReply<Record<string, never>> => ({
  meta: { status: 'Failure', errorCode, errorMessage },
  data: {},
});

/** DESIGN.md: the comment service's reply envelope. */
export type CommentReply<T> = { status: 'OK' | 'ERROR'; code?: string; error?: string; payload: T };

export const commentOk = <T>(payload: T): CommentReply<T> => ({ status: 'OK', payload });

export const commentError = (code: string, error: string): CommentReply<Record<string, never>> => ({
  status: 'ERROR',
  code,
  error,
  payload: {},
});

/** An error a user can cause: carries the HTTP status and the code the client shows. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new HttpError(400, code, message);
export const unauthorized = (code: string, message: string) => new HttpError(401, code, message);
export const forbidden = (code: string, message: string) => new HttpError(403, code, message);
export const notFound = (code: string, message: string) => new HttpError(404, code, message);
export const isHttpError = (e: unknown): e is HttpError =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'HttpError';
