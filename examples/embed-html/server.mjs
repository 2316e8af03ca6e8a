#!/usr/bin/env node
// A third-party site with its own users, embedding Guffaw comments. No framework: node:http and jose.
//
//   npm run comments -- app:create --name Example --origin http://localhost:4000 > examples/embed-html/app.txt
//   node examples/embed-html/server.mjs        # then open http://localhost:4000
//
// Environment: PORT (4000), GUFFAW_URL (the Guffaw server, http://localhost:3000), GUFFAW_APP_ID and
// GUFFAW_APP_SECRET, or APP_FILE (default ./app.txt beside this file: the output of app:create, or JSON {appId, secret}).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';

const here = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.PORT || 4000);
const guffawUrl = (process.env.GUFFAW_URL || 'http://localhost:3000').replace(/\/$/, '');
const { appId, secret } = readApp();
const page = readFileSync(here + 'index.html', 'utf8');

/** The app id and secret: from the environment, or from the file app:create's output was saved to. */
function readApp() {
  if (process.env.GUFFAW_APP_ID && process.env.GUFFAW_APP_SECRET) return { appId: process.env.GUFFAW_APP_ID, secret: process.env.GUFFAW_APP_SECRET };
  const file = process.env.APP_FILE || here + 'app.txt';
  if (!existsSync(file)) {
    console.error(`embed-html: set GUFFAW_APP_ID and GUFFAW_APP_SECRET, or save the output of\n  npm run comments -- app:create --name Example --origin http://localhost:${port}\nto ${file}`);
    process.exit(1);
  }
  const text = readFileSync(file, 'utf8');
  if (text.trim().startsWith('{')) return JSON.parse(text);
  return { appId: /appId:\s*(\S+)/.exec(text)?.[1], secret: /secret:\s*(\S+)/.exec(text)?.[1] };
}

// This site's own sessions: a name per random session id, in memory (a real site has its own login).
const sessions = new Map();

/**
 * Single sign-on: an HS256 token signed with the app's secret (aud = appId, sub = our user id, name, iat, exp), and
 * the user's email when we have one: the comment service mails them replies there (without it, no mail is sent).
 */
function signAuth(user) {
  return new SignJWT(user.email ? { name: user.name, email: user.email } : { name: user.name })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setAudience(appId)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}

const userOf = (req) => {
  const sid = /(?:^|;\s*)sid=([\w-]+)/.exec(req.headers.cookie || '')?.[1];
  return (sid && sessions.get(sid)) || null;
};

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

async function readForm(req) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

const send = (res, status, type, body, headers = {}) => {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
};

createServer(async (req, res) => {
  try {
    const url = new URL(req.url, `http://${req.headers.host}`);
    if (req.method === 'GET' && url.pathname === '/') {
      const user = userOf(req);
      const html = page
        .replaceAll('{{GUFFAW_URL}}', escapeHtml(guffawUrl))
        .replaceAll('{{APP_ID}}', escapeHtml(appId))
        .replaceAll('{{PAGE_URL}}', escapeHtml(`${url.origin}/`))
        .replaceAll('{{USER}}', user ? escapeHtml(user.name) : '')
        .replaceAll('{{AUTH}}', user ? await signAuth(user) : '');
      return send(res, 200, 'text/html; charset=utf-8', html);
    }
    if (req.method === 'POST' && url.pathname === '/login') {
      const form = await readForm(req);
      const name = form.get('name')?.trim().slice(0, 40);
      if (!name) return send(res, 400, 'application/json', JSON.stringify({ error: 'Enter a name.' }));
      const email = form.get('email')?.trim().slice(0, 320) || '';
      const sid = randomBytes(16).toString('base64url');
      const user = { id: `example-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, name, ...(email ? { email } : {}) };
      sessions.set(sid, user);
      return send(res, 200, 'application/json', JSON.stringify({ name, token: await signAuth(user) }), {
        'set-cookie': `sid=${sid}; Path=/; HttpOnly; SameSite=Lax`,
      });
    }
    if (req.method === 'POST' && url.pathname === '/auth-token') {
      const user = userOf(req);
      if (!user) return send(res, 401, 'application/json', JSON.stringify({ error: 'Not logged in.' }));
      return send(res, 200, 'application/json', JSON.stringify({ token: await signAuth(user) }));
    }
    return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  } catch (error) {
    console.error(error);
    send(res, 500, 'text/plain; charset=utf-8', 'Error');
  }
}).listen(port, () => console.log(`embed-html: http://localhost:${port} (comments from ${guffawUrl}, app ${appId})`));
