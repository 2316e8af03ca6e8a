import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, parsePublicUrl, safeFetch } from './safe-fetch.js';

describe('isPublicAddress', () => {
  it('refuses private, loopback, link-local, multicast, unspecified and mapped ranges', () => {
    for (const a of [
      '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1',
      '224.0.0.1', '255.255.255.255', '198.18.0.1', '::1', '::', '::ffff:127.0.0.1', '::ffff:8.8.8.8', 'fe80::1', 'fc00::1',
      'fd12:3456::1', 'ff02::1', '64:ff9b::7f00:1', '2002:7f00:1::1', '2001:db8::1', 'not-an-ip',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('accepts only http(s) URLs on ports 80 and 443 without credentials', () => {
    expect(parsePublicUrl('https://example.com/a').hostname).toBe('example.com');
    for (const [u, code] of [
      ['ftp://example.com', 'URL_INVALID'], ['file:///etc/passwd', 'URL_INVALID'], ['nonsense', 'URL_INVALID'],
      ['http://example.com:8080/', 'URL_NOT_ALLOWED'], ['http://user:pw@example.com/', 'URL_NOT_ALLOWED'],
    ] as const) {
      expect(() => parsePublicUrl(u), u).toThrow(expect.objectContaining({ code }));
    }
  });
});

describe('safeFetch', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Hi</title>');
      if (req.url === '/hop') return res.writeHead(302, { location: '/page' }).end();
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
      if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(3000));
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  // The fixture listens on loopback: these tests widen exactly that, and resolve a made-up name to it.
  const local = () => ({ allowAddress: (a: string) => a === '127.0.0.1', allowedPorts: [port], resolve: async () => [{ address: '127.0.0.1', family: 4 }] });

  it('refuses loopback and private hosts, by literal and after DNS resolution', async () => {
    await expect(safeFetch(`http://127.0.0.1:${port}/page`, { allowedPorts: [port] })).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    await expect(safeFetch('http://[::1]/')).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    await expect(safeFetch('http://localhost/')).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    await expect(safeFetch('http://rebind.example/', { resolve: async () => [{ address: '8.8.8.8', family: 4 }, { address: '192.168.0.1', family: 4 }] })).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    await expect(safeFetch('http://meta.example/', { resolve: async () => [{ address: '169.254.169.254', family: 4 }] })).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
  });

  it('fetches, follows redirects re-checking each target, and caps size and time', async () => {
    const ok = await safeFetch(`http://fixture.test:${port}/hop`, local());
    expect(ok).toMatchObject({ status: 200, url: `http://fixture.test:${port}/page` });
    expect(ok.body.toString()).toBe('<title>Hi</title>');
    await expect(safeFetch(`http://fixture.test:${port}/loop`, local())).rejects.toMatchObject({ code: 'TOO_MANY_REDIRECTS' });
    await expect(safeFetch(`http://fixture.test:${port}/to-private`, { ...local(), allowedPorts: [port, 80] })).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    await expect(safeFetch(`http://fixture.test:${port}/big`, { ...local(), maxBytes: 1000 })).rejects.toMatchObject({ code: 'FETCH_TOO_LARGE' });
    await expect(safeFetch(`http://fixture.test:${port}/slow`, { ...local(), timeoutMs: 200 })).rejects.toMatchObject({ code: 'FETCH_TIMEOUT' });
  });
});
