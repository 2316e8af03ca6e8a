import { LRUCache } from 'lru-cache';

/**
 * Rendered frame pages for visitors, per thread, theme and embedding origin: a frame page then costs no query and no
 * render. An entry is fresh for FRESH_MS (as the comment service's own visitor pages); until STALE_MS it is still
 * answered at once while one request renders it again in the background. The page a visitor gets is the first page as
 * a visitor sees it; a signed-in member's frame reads its list again as the member as soon as it has the token.
 */
export const FRAME_FRESH_MS = 2_000;
export const FRAME_STALE_MS = 30_000;
export const FRAME_CACHE_ENTRIES = 2_000;

type Entry<T> = { value: T; at: number };


export function createFrameCache<T>({ freshMs = FRAME_FRESH_MS, staleMs = FRAME_STALE_MS, max = FRAME_CACHE_ENTRIES } = {}) {
  /** Past `max` entries the least recently used goes first (lru-cache). */
  const entries = new LRUCache<string, Entry<T>>({ max });
  /** One render per key at a time: a burst of visitors on a cold thread waits for the same one. */
  const rendering = new Map<string, Promise<T>>();

  function render(key: string, load: () => Promise<T>): Promise<T> {
    const running = rendering.get(key);
    if (running) return running;
    const started = load()
      .then((value) => {
        entries.set(key, { value, at: Date.now() });
        return value;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, started);
    return started;
  }

  /** The cached value of key, or load()'s (failures are not kept: the next request tries again). */
  function get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (!hit || age >= staleMs) return render(key, load);
    if (age >= freshMs) render(key, load).catch(() => undefined);
    return Promise.resolve(hit.value);
  }

  return { get, clear: () => entries.clear() };
}
