/**
 * shell §5: the next URL on login and signup has its embed-comment path changed to the post path, and in an iframe
 * the query string is dropped. Login uses next, or ref when ref starts with /. Only same-site targets are kept (the
 * server checks again).
 */
export function nextFromSearch(search: string, win: Window = window): string {
  const params = new URLSearchParams(search);
  const ref = params.get('ref');
  const raw = params.get('next') || (ref?.startsWith('/') ? ref : '') || '/';
  return normaliseNext(raw, win);
}

export function normaliseNext(raw: string, win: Window = window): string {
  let url: URL;
  try {
    url = new URL(raw, win.location.origin);
  } catch {
    return '/';
  }
  if (url.origin !== win.location.origin || raw.startsWith('//')) return '/';
  url.pathname = url.pathname.replace(/^\/embed-comment\/([^/]+)\/?$/, '/gag/$1');
  if (win.top !== win) url.search = '';
  return url.pathname + url.search + url.hash;
}
