/**
 * Where login and signup may send the browser afterwards. comments.md §2: a link is valid only if it is http:// or
 * https:// followed by the product's domain (or its www alias); a relative path must start with a single "/".
 * Anything else falls back to "/". shell §5: an embed-comment path is changed to the post path.
 */
export function safeNext(next: string | undefined | null, publicUrl: string): string {
  if (!next) return '/';
  const value = next.trim();
  // eslint-disable-next-line no-control-regex
  if (value.length > 2048 || /[\u0000-\u001f\\]/.test(value)) return '/';
  const product = new URL(publicUrl);
  let url: URL;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) return '/';
    try {
      url = new URL(value, product);
    } catch {
      return '/';
    }
    if (url.origin !== product.origin) return '/';
    return rewriteEmbed(url.pathname) + url.search + url.hash;
  }
  if (!/^https?:\/\//i.test(value)) return '/';
  try {
    url = new URL(value);
  } catch {
    return '/';
  }
  if (url.username || url.password || url.protocol !== product.protocol) return '/';
  if (!isProductHost(url.hostname, product.hostname) || (url.port || defaultPort(url)) !== (product.port || defaultPort(product))) return '/';
  url.pathname = rewriteEmbed(url.pathname);
  return url.toString();
}

function isProductHost(host: string, productHost: string): boolean {
  const bare = productHost.replace(/^www\./, '');
  return host === bare || host === `www.${bare}`;
}

const defaultPort = (url: URL) => (url.protocol === 'https:' ? '443' : '80');

const rewriteEmbed = (path: string) => path.replace(/^\/embed-comment\/([^/]+)\/?$/, '/gag/$1');
