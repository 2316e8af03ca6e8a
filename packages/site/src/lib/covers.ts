/**
 * What a floating piece of the shell (a tooltip, Back to top, the toasts) would cover: things people use or read stay
 * in sight, so these pieces move or step aside rather than sit on top of them.
 */
export type Rect = { left: number; top: number; width: number; height: number };

/** Things people click or type in. */
export const CONTROLS =
  'a[href], button, input, select, textarea, summary, label, iframe, [role="button"], [role="tab"], [role="link"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
/** Controls, and what people read or look at. */
export const CONTENT = `${CONTROLS}, h1, h2, h3, h4, h5, h6, p, li, img, video, picture, canvas, svg, span, strong, em, small, time, figcaption, blockquote, pre, td, th, dt, dd, [role="group"], nav`;

/**
 * The first element matching `what` that `rect` would cover: one whose box meets it and that is really seen there
 * (the topmost thing at the middle of the overlap, looking past `self`, the floating piece itself, which may already
 * be in place); null when there is none.
 */
export function coveredBy(rect: Rect, what: string, self: Element | null, doc: Document = document): Element | null {
  // Layout-free environments (jsdom) have no hit testing: nothing is known to be covered.
  if (typeof doc.elementsFromPoint !== 'function') return null;
  const view = doc.defaultView;
  const width = view?.innerWidth ?? 0;
  const height = view?.innerHeight ?? 0;
  for (const el of doc.querySelectorAll(what)) {
    if (self && (self.contains(el) || el.contains(self))) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || !intersects(r, rect)) continue;
    const left = Math.max(r.left, rect.left, 0);
    const right = Math.min(r.right, rect.left + rect.width, width);
    const top = Math.max(r.top, rect.top, 0);
    const bottom = Math.min(r.bottom, rect.top + rect.height, height);
    if (right <= left || bottom <= top) continue;
    const seen = doc.elementsFromPoint((left + right) / 2, (top + bottom) / 2).find((at) => !self?.contains(at));
    if (seen && (seen === el || el.contains(seen))) return el;
  }
  return null;
}

export const intersects = (a: Rect, b: Rect): boolean =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
