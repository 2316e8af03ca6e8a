/**
 * What the reader sees of the widget's window (lib/top-layer.ts says why it matters). A module of its own because
 * toasts use it too: the rest of top-layer.ts goes with the menus and dialogs, loaded on demand
 * (components/lazy-parts.tsx).
 */

/** A box in viewport coordinates (CSS px). */
export type Area = { top: number; left: number; bottom: number; right: number };

/** In a frame: the widget's window is not the top one (comparing window proxies is allowed across origins). */
export const inFrame = (): boolean => window.top !== window.self;

/**
 * Calls back with the part of this window's viewport the reader sees: at once in a top-level page (the whole
 * viewport), after the next rendering in a frame (what the host page shows of it). Returns a cancel function.
 */
export function visibleArea(callback: (area: Area) => void): () => void {
  const all = { top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth };
  if (!inFrame()) {
    callback(all);
    return () => undefined;
  }
  const observer = new IntersectionObserver(([entry]) => {
    observer.disconnect();
    const seen = entry?.intersectionRect;
    // Not shown at all (a frame scrolled away meanwhile): the whole frame is the best guess.
    callback(seen && seen.height >= 1 ? seen : all);
  });
  observer.observe(document.documentElement);
  return () => observer.disconnect();
}
