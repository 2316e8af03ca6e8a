import ky, { type KyInstance } from 'ky';

/**
 * The main API's client (DESIGN.md: one private ky instance, one place that turns failures into our own errors).
 * Every request sends `x-api-version: 2` (shell-and-account.md §7) and the session cookie; replies are the JSON
 * envelope `{ meta: { status, errorCode?, errorMessage? }, data }`.
 */
export type { ApiMeta, ApiReply as ApiEnvelope } from '@guffaw/api';
import type { ApiReply as ApiEnvelope } from '@guffaw/api';

/** The server answered with `meta.status: "Failure"` (or an error status with an envelope). */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** The request never got a readable answer: offline, timed out, or a reply that is not our envelope. */
export class ApiNetworkError extends Error {
  override readonly name = 'ApiNetworkError';
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

const hasName = (e: unknown, name: string) => typeof e === 'object' && e !== null && (e as { name?: unknown }).name === name;
export const isApiFailure = (e: unknown): e is ApiFailure => hasName(e, 'ApiFailure');
export const isApiNetworkError = (e: unknown): e is ApiNetworkError => hasName(e, 'ApiNetworkError');

export const GENERIC_ERROR_MESSAGE = 'An error occurred. Please try again later.';
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** The message to show a person for any error a call may throw. */
export function errorMessage(error: unknown): string {
  if (isApiFailure(error) && error.message) return error.message;
  if (isApiNetworkError(error)) return error.message;
  return GENERIC_ERROR_MESSAGE;
}

export type FormFields = Record<string, string | number | boolean | null | undefined>;
export type Query = Record<string, string | number | boolean | null | undefined>;
export type CallOptions = { signal?: AbortSignal; query?: Query };

type ApiSettings = { baseUrl: string | null; fetch: typeof fetch | null; timeout: number };
const settings: ApiSettings = { baseUrl: null, fetch: null, timeout: 20_000 };
let http: KyInstance | null = null;

/** Points the client elsewhere (Storybook, tests, a dev proxy). Defaults: this page's origin, global fetch. */
export function configureApi(options: Partial<ApiSettings>): void {
  Object.assign(settings, options);
  http = null;
}

function client(): KyInstance {
  http ??= ky.create({
    headers: { 'x-api-version': '2', accept: 'application/json' },
    credentials: 'same-origin',
    retry: 0,
    timeout: settings.timeout,
    throwHttpErrors: false,
    // Resolved late so tests and Storybook can swap fetch (MSW patches the global one).
    fetch: (input, init) => (settings.fetch ?? globalThis.fetch)(input, init),
  });
  return http;
}

function resolveUrl(path: string, query: Query | undefined): string {
  const base = settings.baseUrl ?? (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.href;
}

type Body = { json: unknown } | { form: FormFields } | null;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Sends one request and returns the whole envelope, Failure included; throws ApiNetworkError only. */
export async function requestEnvelope<T>(method: Method, path: string, body: Body, options: CallOptions = {}): Promise<ApiEnvelope<T>> {
  return (await send<T>(method, path, body, options)).reply;
}

async function send<T>(method: Method, path: string, body: Body, options: CallOptions): Promise<{ reply: ApiEnvelope<T>; status: number }> {
  let response: Response;
  try {
    response = await client()(resolveUrl(path, options.query), {
      method,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(body && 'json' in body ? { json: body.json } : {}),
      ...(body && 'form' in body ? { body: toForm(body.form) } : {}),
    });
  } catch (error) {
    if (hasName(error, 'AbortError')) throw error;
    if (hasName(error, 'TimeoutError')) throw new ApiNetworkError('The server took too long to answer. Please try again.');
    throw new ApiNetworkError(NETWORK_ERROR_MESSAGE);
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    throw new ApiNetworkError(response.ok ? GENERIC_ERROR_MESSAGE : `${GENERIC_ERROR_MESSAGE} (HTTP ${response.status})`, response.status);
  }
  if (!isEnvelope(parsed)) throw new ApiNetworkError(GENERIC_ERROR_MESSAGE, response.status);
  const reply = parsed as ApiEnvelope<T>;
  if (!response.ok && reply.meta.status === 'Success') {
    return { reply: { meta: { ...reply.meta, status: 'Failure', errorCode: 'HTTP_' + response.status }, data: reply.data }, status: response.status };
  }
  return { reply, status: response.status };
}

async function call<T>(method: Method, path: string, body: Body, options: CallOptions = {}): Promise<T> {
  const { reply, status } = await send<T>(method, path, body, options);
  if (reply.meta.status !== 'Success') {
    throw new ApiFailure(reply.meta.errorCode ?? 'FAILURE', reply.meta.errorMessage || GENERIC_ERROR_MESSAGE, status, reply.data);
  }
  return reply.data;
}

/** GET; resolves with `data` on Success, throws ApiFailure or ApiNetworkError. */
export const apiGet = <T>(path: string, options?: CallOptions) => call<T>('GET', path, null, options);
/** POST with a JSON body. */
export const apiPost = <T>(path: string, json: unknown = {}, options?: CallOptions) => call<T>('POST', path, { json }, options);
/** PATCH with a JSON body (a partial change, as the app console takes it). */
export const apiPatch = <T>(path: string, json: unknown = {}, options?: CallOptions) => call<T>('PATCH', path, { json }, options);
/** POST form encoded (application/x-www-form-urlencoded), as the spec's forms and settings calls are. */
export const apiPostForm = <T>(path: string, form: FormFields, options?: CallOptions) => call<T>('POST', path, { form }, options);
/** DELETE with a form body (the mute list and blocked tags take their value this way). */
export const apiDelete = <T>(path: string, form: FormFields = {}, options?: CallOptions) => call<T>('DELETE', path, { form }, options);

function toForm(fields: FormFields): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return form;
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const meta = (value as { meta?: unknown }).meta;
  if (typeof meta !== 'object' || meta === null) return false;
  const status = (meta as { status?: unknown }).status;
  return status === 'Success' || status === 'Failure';
}
