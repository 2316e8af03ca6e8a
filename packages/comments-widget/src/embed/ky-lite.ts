/**
 * The part of ky's API that the comment client uses (create with prefixUrl, timeout, throwHttpErrors: false,
 * retry: 0; calls with method, body, searchParams, headers, signal, timeout), on plain fetch. The iframe build
 * resolves `ky` here (rollup.config.mjs): ky is about 10 KB gzip, a third of the frame's 30 KB budget. Uploads in a
 * browser go through XMLHttpRequest in the client, so upload progress is not needed here.
 */
export type KyLiteOptions = { prefixUrl?: string; timeout?: number | false; retry?: number; throwHttpErrors?: boolean; fetch?: typeof fetch };
export type KyLiteRequest = {
  method?: string;
  body?: BodyInit;
  searchParams?: URLSearchParams;
  headers?: HeadersInit;
  signal?: AbortSignal;
  timeout?: number | false;
  onUploadProgress?: unknown;
};

/** Named like ky's, so the client tells a timeout from a network failure by `name`. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

function create(defaults: KyLiteOptions) {
  return async (input: string, options: KyLiteRequest = {}): Promise<Response> => {
    const url = new URL(`${defaults.prefixUrl ?? ''}${input}`, typeof location === 'undefined' ? undefined : location.href);
    options.searchParams?.forEach((value, name) => url.searchParams.append(name, value));
    const controller = new AbortController();
    const { signal } = options;
    const onAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const timeout = options.timeout ?? defaults.timeout ?? 10_000;
    let timedOut = false;
    const timer = timeout === false ? undefined : setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    try {
      return await (defaults.fetch ?? fetch)(url, {
        method: (options.method ?? 'get').toUpperCase(),
        signal: controller.signal,
        ...(options.body ? { body: options.body } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      });
    } catch (error) {
      if (timedOut) throw new TimeoutError(`Request timed out: ${url.pathname}`);
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  };
}

const kyLite = { create };
export default kyLite;
