import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Fetches a user-given URL without letting it reach our own network (SSRF):
 * - only http and https, only ports 80 and 443, no credentials in the URL;
 * - the host is resolved here and every address checked; the socket connects to the checked address (no second
 *   lookup an attacker's DNS could answer differently);
 * - private, loopback, link-local, multicast, unspecified, reserved, IPv4-mapped/NAT64/6to4 IPv6 ranges refused;
 * - redirects followed by hand (at most 3), each target checked again; timeouts and a size cap on the body.
 */

export type SafeFetchOptions = {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  accept?: string;
  /** Tests only: widen what may be reached (e.g. a loopback fixture server). */
  allowAddress?: (address: string) => boolean;
  allowedPorts?: number[];
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  /** GET by default; a POST sends `body` (webhooks). */
  method?: 'GET' | 'POST';
  body?: string | Buffer;
  /** Extra request headers (they may replace user-agent and accept). */
  headers?: Record<string, string>;
  /** 'manual': a 3xx is answered as is, never followed (a webhook's POST is not redirected). Default 'follow'. */
  redirect?: 'follow' | 'manual';
  /** 'truncate': a body past maxBytes is cut there instead of failing with FETCH_TOO_LARGE. */
  overflow?: 'error' | 'truncate';
};

export type SafeFetchResult = { url: string; status: number; contentType: string; body: Buffer };

export type SafeFetchErrorCode = 'URL_INVALID' | 'URL_NOT_ALLOWED' | 'FETCH_FAILED' | 'FETCH_TIMEOUT' | 'FETCH_TOO_LARGE' | 'TOO_MANY_REDIRECTS';

export class SafeFetchError extends Error {
  override readonly name = 'SafeFetchError';
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
  }
}
export const isSafeFetchError = (e: unknown): e is SafeFetchError =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'SafeFetchError';

// Separate lists: a BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules too.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  blocked4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['::', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64],
  ['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['3fff::', 20], ['5f00::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) {
  blocked6.addSubnet(net, prefix, 'ipv6');
}

/** True when the address is a public unicast address we may connect to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked4.check(address, 'ipv4');
  if (family === 6) {
    const lower = address.toLowerCase();
    // Only global unicast (2000::/3) is public in IPv6.
    if (!/^[23][0-9a-f]{0,3}:/.test(lower)) return false;
    return !blocked6.check(lower, 'ipv6');
  }
  return false;
}

export function parsePublicUrl(raw: string, allowedPorts: number[] = [80, 443]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('URL_INVALID', 'The link is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('URL_INVALID', 'Only http and https links can be fetched.');
  if (url.username || url.password) throw new SafeFetchError('URL_NOT_ALLOWED', 'Links with credentials are not fetched.');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!allowedPorts.includes(port)) throw new SafeFetchError('URL_NOT_ALLOWED', 'Only links on ports 80 and 443 can be fetched.');
  return url;
}

async function resolvePublic(hostname: string, o: SafeFetchOptions): Promise<{ address: string; family: number }> {
  const allowed = (a: string) => (o.allowAddress ? o.allowAddress(a) : false) || isPublicAddress(a);
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = o.resolve ? await o.resolve(bare) : await dnsLookup(bare, { all: true, verbatim: true });
    } catch {
      throw new SafeFetchError('FETCH_FAILED', 'The link\'s host could not be found.');
    }
  }
  // Every address must be public: a host answering one public and one private address is refused.
  if (addresses.length === 0 || !addresses.every((a) => allowed(a.address))) {
    throw new SafeFetchError('URL_NOT_ALLOWED', 'This link points to an address that cannot be fetched.');
  }
  return addresses[0] as { address: string; family: number };
}

export async function safeFetch(raw: string, o: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxRedirects = o.maxRedirects ?? 3;
  const deadline = Date.now() + (o.timeoutMs ?? 5000);
  let url = parsePublicUrl(raw, o.allowedPorts);
  for (let hop = 0; ; hop++) {
    const target = await resolvePublic(url.hostname, o);
    const res = await requestOnce(url, target, o, deadline);
    if (res.status >= 300 && res.status < 400 && res.location && o.redirect !== 'manual') {
      if (hop >= maxRedirects) throw new SafeFetchError('TOO_MANY_REDIRECTS', 'The link redirects too many times.');
      url = parsePublicUrl(new URL(res.location, url).toString(), o.allowedPorts);
      continue;
    }
    return { url: url.toString(), status: res.status, contentType: res.contentType, body: res.body };
  }
}

type Once = { status: number; location: string | null; contentType: string; body: Buffer };

function requestOnce(url: URL, target: { address: string; family: number }, o: SafeFetchOptions, deadline: number): Promise<Once> {
  const maxBytes = o.maxBytes ?? 1024 * 1024;
  // Connect to the address checked above, whatever the hostname resolves to now.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<Once>((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new SafeFetchError('FETCH_TIMEOUT', 'The link took too long to answer.'));
    const req = mod.request(
      url,
      {
        method: o.method ?? 'GET',
        lookup,
        agent: false,
        headers: {
          'user-agent': 'GuffawLinkPreview/1.0',
          accept: o.accept ?? '*/*',
          'accept-encoding': 'identity',
          ...o.headers,
          ...(o.body !== undefined ? { 'content-length': String(Buffer.byteLength(o.body)) } : {}),
        },
        ...(isIP(url.hostname.replace(/^\[|\]$/g, '')) ? {} : { servername: url.hostname }),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location ?? null, contentType, body: Buffer.alloc(0) });
          return;
        }
        const truncate = o.overflow === 'truncate';
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes && !truncate) {
          req.destroy();
          reject(new SafeFetchError('FETCH_TOO_LARGE', 'The linked file is too large.'));
          return;
        }
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > maxBytes && truncate) {
            chunks.push(chunk.subarray(0, chunk.length - (bytes - maxBytes)));
            res.destroy();
            resolve({ status, location: null, contentType, body: Buffer.concat(chunks) });
            return;
          }
          if (bytes > maxBytes) {
            req.destroy();
            reject(new SafeFetchError('FETCH_TOO_LARGE', 'The linked file is too large.'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, location: null, contentType, body: Buffer.concat(chunks) }));
        res.on('error', () => reject(new SafeFetchError('FETCH_FAILED', 'The link could not be fetched.')));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(new SafeFetchError('FETCH_TIMEOUT', 'The link took too long to answer.'));
    }, remaining);
    req.on('close', () => clearTimeout(timer));
    req.on('error', () => reject(new SafeFetchError('FETCH_FAILED', 'The link could not be fetched.')));
    req.end(o.body);
  });
}
