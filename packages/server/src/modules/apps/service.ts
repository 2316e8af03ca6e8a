import type { AppDetails, ConsoleModerator, ConsoleApp as WireApp, RegisteredApp } from '@guffaw/api';
import type { AppSettings } from '@guffaw/comments-client';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/envelope.js';
import { MAIN_APP_ID } from '../../main-app.js';
import {
  appOrigins, createCommentApp, findCommentApp, forgetAppCaches, listAppModerators, listCommentApps, readAppSettings, recordModAction,
  rotateCommentAppSecret, setAppModerator, updateCommentApp, type AppRow, type ConsoleActor,
} from '../comments/index.js';
import { allowedOrigins, appName, moderatorName, settingsChange } from './input.js';
import { findAccountByUsername, usernamesOf, type ConsoleUser } from './repository.js';

/**
 * The console of app owners (MODERATION.md "Console"): an app's owner (comment_apps.owner_user_id) and main-site
 * admins manage it; the main app (`guffaw`) has no owner, so admins alone. Everyone else: 403 NOT_APP_OWNER, and
 * nothing changes. Every change writes an audit row (actor kind owner, or admin when an admin acts on an app that is
 * not theirs).
 */
/** The console's app (@guffaw/api apps.ts), its settings typed as the comment service reads them. */
export type ConsoleApp = WireApp<AppSettings>;
export type Actor = ConsoleActor & { kind: 'owner' | 'admin' };
type Executor = Parameters<typeof recordModAction>[0];

/** Apps an account may register (a bound on what one account makes; admins and the CLI have none). */
export const APPS_PER_ACCOUNT = 20;

export function createConsole(db: Database, config: Config) {
  async function present(apps: AppRow[]): Promise<ConsoleApp[]> {
    const owners = await usernamesOf(db, [...new Set(apps.flatMap((a) => (a.ownerUserId ? [a.ownerUserId] : [])))]);
    return apps.map((a) => {
      const username = a.ownerUserId ? owners.get(a.ownerUserId) : undefined;
      return {
        appId: a.id,
        name: a.name,
        allowedOrigins: appOrigins(a),
        settings: readAppSettings(a.settings),
        createdAt: new Date(a.createdAt).toISOString(),
        owner: a.ownerUserId ? { accountId: a.ownerUserId, username: username ?? '' } : null,
      };
    });
  }
  const presentOne = async (app: AppRow) => (await present([app]))[0] as ConsoleApp;

  /** The app and how `user` acts on it; 404 for an unknown app, 403 for anyone but its owner and admins. */
  async function access(user: ConsoleUser, appId: string): Promise<{ app: AppRow; actor: Actor }> {
    const app = appId.length <= 64 ? await findCommentApp(db, appId) : undefined;
    if (!app) throw notFound('APP_NOT_FOUND', 'This app does not exist.');
    const owner = app.ownerUserId !== null && app.ownerUserId === user.userId;
    if (!owner && !user.isAdmin) throw forbidden('NOT_APP_OWNER', 'Only the owner of this app can manage it.');
    return { app, actor: { kind: owner ? 'owner' : 'admin', id: user.userId, name: user.username } };
  }

  /** One audit row, in the transaction of the change it records. */
  const audit = (trx: Executor, appId: string, actor: Actor, action: string, detail: Record<string, unknown> = {}) =>
    recordModAction(trx, { appId, actor, action, detail });

  /** A change and its audit row together; then this process's comment service reads the app afresh. */
  async function change<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(work);
    forgetAppCaches(db);
    return result;
  }

  async function moderators(app: AppRow): Promise<ConsoleModerator[]> {
    const rows = await listAppModerators(db, app.id);
    if (app.id !== MAIN_APP_ID) return rows;
    // The main app's moderators are main-site accounts: their usernames are what the console shows and takes.
    const names = await usernamesOf(db, rows.map((r) => r.accountId));
    return rows.map((r) => {
      const username = names.get(r.accountId);
      return username === undefined ? r : { ...r, name: r.name || username, username };
    });
  }

  /** The one-script-tag embed of README, with this app's id, its first origin and this server's comments origin. */
  function snippet(app: AppRow): string {
    const origin = appOrigins(app)[0] ?? 'https://your.site';
    return [
      `<div data-guffaw-comments data-app-id="${app.id}" data-url="${origin}/your-page" data-auth="TOKEN"></div>`,
      `<script async src="${new URL('/embed.js', config.commentsPublicUrl).href}"></script>`,
    ].join('\n');
  }

  /** README "Single sign-on": the token the app's server signs for its signed-in reader (Node, jose). */
  const ssoExample = (app: AppRow) => `import { SignJWT } from 'jose';

// On your server: the secret stays there (GUFFAW_APP_SECRET), never in the page.
const authFor = (user) =>
  new SignJWT({ name: user.name }) // optional: avatar, profileUrl (http or https)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setAudience('${app.id}')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(process.env.GUFFAW_APP_SECRET));

// In the page: data-auth="\${await authFor(user)}", or later GuffawComments.setAuth(token).`;

  return {
    /** The apps the user owns; an admin's list is every app (the main app first). */
    async list(user: ConsoleUser): Promise<ConsoleApp[]> {
      const rows = await listCommentApps(db, user.isAdmin ? null : user.userId);
      rows.sort((a, b) => Number(b.id === MAIN_APP_ID) - Number(a.id === MAIN_APP_ID));
      return present(rows);
    },

    async register(user: ConsoleUser, body: { name?: unknown; allowedOrigins?: unknown }): Promise<RegisteredApp<AppSettings>> {
      if (!user.emailVerified) throw forbidden('EMAIL_NOT_VERIFIED', 'Verify your email address before registering an app.');
      const name = appName(body.name);
      const origins = allowedOrigins(body.allowedOrigins);
      if (!user.isAdmin && (await listCommentApps(db, user.userId)).length >= APPS_PER_ACCOUNT) {
        throw new HttpError(403, 'TOO_MANY_APPS', `An account can register at most ${APPS_PER_ACCOUNT} apps.`);
      }
      const { app, secret } = await change(async (trx) => {
        const made = await createCommentApp(trx, { name, allowedOrigins: origins, ownerUserId: user.userId });
        await audit(trx, made.app.id, { kind: 'owner', id: user.userId, name: user.username }, 'app.create', { name, allowedOrigins: origins });
        return made;
      });
      return { app: await presentOne(app), secret };
    },

    async details(user: ConsoleUser, appId: string): Promise<AppDetails<AppSettings>> {
      const { app } = await access(user, appId);
      return { app: await presentOne(app), moderators: await moderators(app), snippet: snippet(app), ssoExample: ssoExample(app) };
    },

    async update(user: ConsoleUser, appId: string, body: { name?: unknown; allowedOrigins?: unknown; settings?: unknown }): Promise<ConsoleApp> {
      const { app, actor } = await access(user, appId);
      const edit: { name?: string; allowedOrigins?: string[]; settings?: AppSettings } = {};
      if (body.name !== undefined) edit.name = appName(body.name);
      if (body.allowedOrigins !== undefined) edit.allowedOrigins = allowedOrigins(body.allowedOrigins);
      const settings = body.settings === undefined ? null : settingsChange(body.settings);
      if (settings) edit.settings = { ...readAppSettings(app.settings), ...settings };
      const updated = await change(async (trx) => {
        const row = (await updateCommentApp(trx, app.id, edit)) ?? app;
        const appEdit = { ...(edit.name !== undefined ? { name: edit.name } : {}), ...(edit.allowedOrigins ? { allowedOrigins: edit.allowedOrigins } : {}) };
        if (Object.keys(appEdit).length > 0) await audit(trx, app.id, actor, 'app.update', appEdit);
        if (settings && Object.keys(settings).length > 0) await audit(trx, app.id, actor, 'settings.update', settings);
        return row;
      });
      return presentOne(updated);
    },

    async rotateSecret(user: ConsoleUser, appId: string): Promise<string> {
      const { app, actor } = await access(user, appId);
      const secret = await change(async (trx) => {
        const made = await rotateCommentAppSecret(trx, app.id);
        if (made !== null) await audit(trx, app.id, actor, 'app.rotate-secret');
        return made;
      });
      if (secret === null) throw notFound('APP_NOT_FOUND', 'This app does not exist.');
      return secret;
    },

    /** The main app takes a main-site username; other apps their own user id (the `sub` their server signs). */
    async addModerator(user: ConsoleUser, appId: string, value: unknown): Promise<ConsoleModerator[]> {
      const { app, actor } = await access(user, appId);
      const typed = moderatorName(value);
      let accountId = typed;
      if (app.id === MAIN_APP_ID) {
        const account = await findAccountByUsername(db, typed);
        if (!account) throw notFound('USER_NOT_FOUND', `There is no account with the username ${typed}.`);
        accountId = account.userId;
      }
      await change(async (trx) => {
        if (await setAppModerator(trx, app.id, accountId, true)) await audit(trx, app.id, actor, 'moderator.add', { accountId, name: typed });
      });
      return moderators(app);
    },

    async removeModerator(user: ConsoleUser, appId: string, accountId: string): Promise<ConsoleModerator[]> {
      const { app, actor } = await access(user, appId);
      if (!accountId || accountId.length > 200) throw badRequest('INVALID_ACCOUNT_ID', 'That is not a moderator.');
      await change(async (trx) => {
        if (await setAppModerator(trx, app.id, accountId, false)) await audit(trx, app.id, actor, 'moderator.remove', { accountId });
      });
      return moderators(app);
    },

    access,
  };
}

export type Console = ReturnType<typeof createConsole>;
