import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { akismetIsSpam, type AkismetComment } from './akismet.js';
import { repetitive, spamScore, SPAM_THRESHOLD, textShape } from './score.js';

/** A local server that speaks Akismet's comment-check: `true` for "viagra", `false` otherwise, `invalid` for a bad key. */
let server: Server;
let url = '';
const received: URLSearchParams[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      if (req.method !== 'POST' || req.url !== '/1.1/comment-check') return void res.writeHead(404).end();
      if (form.get('comment_content')?.includes('slow')) return void setTimeout(() => res.end('true'), 3000);
      if (form.get('api_key') !== 'good-key') return void res.writeHead(200, { 'x-akismet-debug-help': 'We were unable to verify your API key.' }).end('invalid');
      res.writeHead(200, { 'content-type': 'text/plain' }).end(form.get('comment_content')?.includes('viagra') ? 'true' : 'false');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const comment = (content: string): AkismetComment => ({
  blog: 'https://blog.example',
  permalink: 'https://blog.example/post',
  userIp: '203.0.113.5',
  userAgent: 'Mozilla/5.0',
  author: 'Ann',
  authorUrl: '',
  content,
  type: 'comment',
  createdAt: new Date('2026-11-29T08:00:00Z'),
});

describe('Akismet-compatible check', () => {
  it('sends the comment-check fields and reads true and false', async () => {
    const logs: string[] = [];
    const log = { warn: (_o: Record<string, unknown>, msg: string) => logs.push(msg) };
    expect(await akismetIsSpam({ key: 'good-key', url }, comment('buy viagra now'), log)).toBe(true);
    expect(await akismetIsSpam({ key: 'good-key', url: `${url}/` }, comment('a kind word'), log)).toBe(false);
    expect(Object.fromEntries(received[0] ?? [])).toEqual({
      api_key: 'good-key', blog: 'https://blog.example', permalink: 'https://blog.example/post', user_ip: '203.0.113.5', user_agent: 'Mozilla/5.0',
      comment_type: 'comment', comment_author: 'Ann', comment_author_url: '', comment_content: 'buy viagra now', comment_date_gmt: '2026-11-29T08:00:00.000Z',
    });
    expect(logs).toEqual([]);
  });

  it('fails open with a log line: a bad key, a slow service, no service', async () => {
    const logs: string[] = [];
    const log = { warn: (_o: Record<string, unknown>, msg: string) => logs.push(msg) };
    expect(await akismetIsSpam({ key: 'bad-key', url }, comment('buy viagra now'), log)).toBe(false);
    const started = Date.now();
    expect(await akismetIsSpam({ key: 'good-key', url }, comment('slow viagra'), log, 200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await akismetIsSpam({ key: 'good-key', url: 'http://127.0.0.1:9' }, comment('viagra'), log)).toBe(false);
    expect(logs).toEqual([
      'spam check answered neither true nor false; the comment is let through',
      'spam check failed or was slow; the comment is let through',
      'spam check failed or was slow; the comment is let through',
    ]);
  });
});

describe('built-in spam score', () => {
  it('adds links, repetition, a new account and a burst', () => {
    const base = { links: 0, similarRecent: 0, newAccount: false, lastMinute: 0, text: 'A thoughtful comment about the picture.' };
    expect(spamScore(base)).toEqual({ score: 0, reasons: [] });
    expect(spamScore({ ...base, links: 3, newAccount: true })).toEqual({ score: 8, reasons: ['links', 'new-account'] });
    expect(spamScore({ ...base, similarRecent: 2, lastMinute: 10 }).score).toBe(8);
    expect(spamScore({ ...base, links: 1, newAccount: true }).score).toBeLessThan(SPAM_THRESHOLD);
    expect(repetitive('buy buy buy buy buy now now cheap')).toBe(true);
    expect(repetitive('!!!!!!!!!!!!!!!!!!!!!!!!')).toBe(true);
    expect(repetitive('the cat sat on the mat and then it slept')).toBe(false);
    expect(textShape('c12')).toBe('');
    expect(textShape('Great deals at 50% off, visit now 123')).toBe(textShape('great deals at 70% off, visit  now 9'));
  });
});
