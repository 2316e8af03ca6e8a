import type { FrameData } from '@guffaw/comments-client';

/** JSON inside <script>: no `<` (so no `</script>` or `<!--`), no line separators that older parsers choke on. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The frame fits its content: no margins, no scrollbars, transparent so the host's background shows through; the
 * root is a block formatting context so its measured height includes every child's margin. `hidden` always hides
 * (a sort panel kept mounted must take no height).
 */
const FRAME_CSS = 'html,body{margin:0;padding:0;background:transparent;overflow:hidden}#gfw-app{display:flow-root}#gfw-app .gfw-root{--gfw-bg:transparent}[hidden]{display:none!important}';

export type FramePage = {
  data: FrameData;
  /** Server-rendered comment section. */
  body: string;
  styles: string;
  scriptSrc: string;
  /** Modules scriptSrc imports statically, preloaded with it. */
  preloads?: string[];
  nonce: string;
  title: string;
};

/**
 * Search engines index the server-rendered comments as part of the page that embeds them, never the frame URL on its
 * own (Google's `indexifembedded` overrides `noindex` for content embedded in an iframe).
 */
export const FRAME_ROBOTS = 'noindex, indexifembedded';

/**
 * Clicks on the server-rendered buttons before the app has started (a reader quick to press "Log in to comment" on a
 * slow device) are kept, not lost: frame.tsx clicks them again once hydrated, within the browser's few seconds of
 * user activation, so even the login popup opens. Links keep working on their own.
 */
const EARLY_CLICKS = "window.gfwEarly=[];addEventListener('click',function(e){var q=window.gfwEarly,b=e.target.closest&&e.target.closest('button');if(q&&b){e.preventDefault();q.push(b)}},true)";

/**
 * The iframe document: color-scheme is on <html> from the first byte, so a dark frame never paints white. The
 * script is preloaded at once but run only after the server's HTML has painted.
 */
export function framePage({ data, body, styles, scriptSrc, preloads = [], nonce, title }: FramePage): string {
  const { theme } = data;
  // The page's language as the widget's section (lang and dir) says it, for what lies outside it.
  const lang = data.lang ? `${escapeHtml(data.lang)}"${/^ar\b/i.test(data.lang) ? ' dir="rtl"' : ''}` : 'en"';
  return `<!doctype html><html lang="${lang} data-theme="${theme}" style="color-scheme:${theme}"><head><meta charset="utf-8">`
    + `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="${theme}">`
    + `<meta name="robots" content="${FRAME_ROBOTS}"><title>${escapeHtml(title)}</title><base target="_top">`
    + `<script nonce="${nonce}">${EARLY_CLICKS}</script>`
    + [scriptSrc, ...preloads].map((src) => `<link rel="modulepreload" href="${escapeHtml(src)}">`).join('')
    + `<style>${styles}${FRAME_CSS}</style></head>`
    + `<body><div id="gfw-app">${body}</div>`
    + `<script type="application/json" id="gfw-data" nonce="${nonce}">${scriptJson(data)}</script>`
    // The app starts after the first paint: on a slow device the comments show before the script is compiled.
    + `<script type="module" nonce="${nonce}">requestAnimationFrame(()=>setTimeout(()=>import(${scriptJson(scriptSrc)})))</script>`
    + '</body></html>';
}

/** A 4xx or 503 page in the frame: says what is wrong in words a site owner can act on. */
export function errorPage(title: string, message: string, theme: 'light' | 'dark'): string {
  return `<!doctype html><html lang="en" style="color-scheme:${theme}"><head><meta charset="utf-8"><meta name="robots" content="noindex">`
    + `<title>${escapeHtml(title)}</title><style>body{margin:0;padding:16px;font:15px/1.45 system-ui,sans-serif;background:transparent}</style></head>`
    + `<body><h1 style="font-size:17px;margin:0 0 8px">${escapeHtml(title)}</h1><p style="margin:0">${escapeHtml(message)}</p></body></html>`;
}

/**
 * Scripts only from this origin or with this response's nonce; styles inline (the widget sizes media with style
 * attributes); framing as the thread allows.
 */
export function frameCsp(nonce: string, frameAncestors: string[], connect: string[]): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    'media-src * blob:',
    `connect-src 'self' ${connect.join(' ')}`.trim(),
    "base-uri 'self'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors.join(' ') || "'none'"}`,
  ].join('; ');
}

/**
 * /embed/login, the product's login popup once the member is logged in: reads the member's comment token
 * (`commentAuth` of /v1/user-info, as the site itself does) and hands it to the frame that opened the popup. The
 * message goes only to a window of this origin (targetOrigin); the frame reads it only from the popup it opened.
 * On a product post (`postId`) it asks /v1/op-token too, as the site does on its own uploads: the uploader's frame gets
 * the OP token (anyone else gets 403 NOT_OWNER and none), so the OP's tools work in the frame as on the site.
 */
export function loginDonePage(nonce: string, appName: string, postId: string | null = null): string {
  const api = (path: string, body: string) =>
    `fetch('${path}',{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json','x-api-version':'2'},body:${body}}).then((r)=>r.json())`;
  const script = [
    "const say=(t)=>{document.getElementById('status').textContent=t};",
    `const postId=${JSON.stringify(postId).replace(/</g, '\\u003c')};`,
    `const op=()=>postId?${api('/v1/op-token', 'JSON.stringify({id:postId})')}.then((o)=>(o&&o.data&&o.data.opToken)||null,()=>null):Promise.resolve(null);`,
    `${api('/v1/user-info', "'{}'")}.then((reply)=>{`,
    'const token=reply&&reply.data&&reply.data.user&&reply.data.user.commentAuth;',
    "if(!token){say('You are not logged in. Close this window and try again.');return}",
    "if(!window.opener){say('You are logged in. Go back to the comments and reload the page.');return}",
    'return op().then((opToken)=>{',
    "window.opener.postMessage(opToken?{gfw:1,type:'signed-in',token,opToken}:{gfw:1,type:'signed-in',token},location.origin);",
    'window.close();',
    '});',
    "}).catch(()=>say('Something went wrong. Close this window and try again.'));",
  ].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">`
    + `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark">`
    + `<title>${escapeHtml(`Logged in - ${appName}`)}</title>`
    + '<style>body{margin:0;padding:24px;font:15px/1.45 system-ui,sans-serif}</style></head>'
    + `<body><p id="status" role="status">You are logged in. Returning to the comments…</p><script nonce="${nonce}">${script}</script></body></html>`;
}
