/**
 * /embed/count.js: fills each `<a data-guffaw-count data-app-id="…" data-url="…">` with its thread's comment count
 * ("3 comments", in the link's data-lang, else the page's <html lang>), one request per app; /embed.js keeps them current
 * as comments come and go in its frames. Plain TypeScript, no dependency.
 */
import { countLabel } from './host-texts.js';

const script = document.currentScript as HTMLScriptElement | null;
const origin = new URL(script?.src || '/', location.href).origin;

function fill() {
  const byApp = new Map<string, HTMLElement[]>();
  document.querySelectorAll<HTMLElement>('[data-guffaw-count]').forEach((el) => {
    const appId = el.dataset.appId || 'guffaw';
    byApp.set(appId, [...(byApp.get(appId) || []), el]);
  });
  byApp.forEach((links, appId) => {
    const query = new URLSearchParams({ appId });
    links.forEach((el) => query.append('url', el.dataset.url || ''));
    fetch(`${origin}/embed/counts.json?${query}`)
      .then((response) => response.json() as Promise<{ counts?: Record<string, number> }>)
      .then(({ counts = {} }) => {
        links.forEach((el) => {
          const count = counts[el.dataset.url || ''];
          if (typeof count === 'number') el.textContent = countLabel(count, el.dataset.lang || document.documentElement.lang);
        });
      })
      .catch(() => undefined);
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fill);
else fill();
