import type { Database } from '../db/index.js';
import { MAIN_APP_ID } from '../main-app.js';
import { allowedOrigins, appName, settingsChange } from '../modules/apps/input.js';
import { findAccountByUsername, listAdmins, setAdmin, usernamesOf } from '../modules/apps/repository.js';
import {
  appOrigins, findCommentApp, forgetAppCaches, listAppModerators, listCommentApps, readAppSettings, recordModAction,
  rotateCommentAppSecret, updateCommentApp, type AppChange, type AppRow,
} from '../modules/comments/index.js';

/**
 * The console's commands for operators (README "Moderation"): apps, their settings, secrets and moderators, and the
 * main-site admins. They write the tables only, with an audit row (actor `cli`) for each app change; a running
 * server reads apps again within 30 s and roles within 10 s (its caches), so with PostgreSQL they run beside it.
 */
export const APP_COMMANDS = new Set(['app:list', 'app:update', 'app:rotate-secret', 'mod:list', 'admin:add', 'admin:remove', 'admin:list']);

export class AppUsageError extends Error {}

type Values = {
  app?: string | undefined; name?: string | undefined; origin?: string[] | undefined; owner?: string | undefined;
  premoderation?: string | undefined; 'report-threshold'?: string | undefined; 'default-status'?: string | undefined;
  media?: string | undefined; 'link-attachments'?: string | undefined;
};

const CLI_ACTOR = { kind: 'cli' as const, id: null, name: 'cli' };

export async function runAppCommand(db: Database, command: string, values: Values, positionals: string[], print: (line: string) => void): Promise<void> {
  const needApp = async (): Promise<AppRow> => {
    if (!values.app) throw new AppUsageError(`${command} needs --app`);
    const app = await findCommentApp(db, values.app);
    if (!app) throw new AppUsageError(`no app with id ${values.app}`);
    return app;
  };
  const oneUsername = () => {
    if (positionals.length !== 1 || !positionals[0]) throw new AppUsageError(`${command} needs one USERNAME`);
    return positionals[0].replace(/^@/, '');
  };

  if (command === 'app:list') {
    const apps = await listCommentApps(db);
    const owners = await usernamesOf(db, apps.flatMap((a) => (a.ownerUserId ? [a.ownerUserId] : [])));
    if (apps.length === 0) print('no apps');
    for (const a of apps) {
      const s = readAppSettings(a.settings);
      const owner = a.ownerUserId ? (owners.get(a.ownerUserId) ?? a.ownerUserId) : a.id === MAIN_APP_ID ? 'admins' : '-';
      print(`${a.id}  ${JSON.stringify(a.name)}  owner ${owner}  origins ${appOrigins(a).join(',') || '-'}`);
      print(
        `    premoderation ${s.premoderation}, report threshold ${s.reportThreshold}, new sections ${s.defaultSectionStatus}, ` +
          `media ${s.allowedMedia.join(',') || 'none'}, link attachments ${s.linkAttachments ? 'on' : 'off'}`,
      );
    }
    return;
  }

  if (command === 'app:update') {
    const app = await needApp();
    const edit: AppChange = {};
    if (values.name !== undefined) edit.name = appName(values.name);
    if (values.origin !== undefined) edit.allowedOrigins = allowedOrigins(values.origin);
    if (values.owner !== undefined) {
      if (app.id === MAIN_APP_ID) throw new AppUsageError('the main app has no owner: its admins manage it (admin:add USERNAME)');
      if (values.owner === 'none') edit.ownerUserId = null;
      else {
        const account = await findAccountByUsername(db, values.owner.replace(/^@/, ''));
        if (!account) throw new AppUsageError(`no account with the username ${values.owner}`);
        edit.ownerUserId = account.userId;
      }
    }
    const settings = settingsChange(settingsOf(values));
    if (Object.keys(settings).length > 0) edit.settings = { ...readAppSettings(app.settings), ...settings };
    if (Object.keys(edit).length === 0) throw new AppUsageError('app:update needs something to change (see --help)');
    await db.transaction().execute(async (trx) => {
      await updateCommentApp(trx, app.id, edit);
      const { settings: _settings, ...appEdit } = edit;
      if (Object.keys(appEdit).length > 0) await recordModAction(trx, { appId: app.id, actor: CLI_ACTOR, action: 'app.update', detail: appEdit });
      if (Object.keys(settings).length > 0) await recordModAction(trx, { appId: app.id, actor: CLI_ACTOR, action: 'settings.update', detail: settings });
    });
    forgetAppCaches(db);
    print(`app ${app.id} updated`);
    return;
  }

  if (command === 'app:rotate-secret') {
    const app = await needApp();
    const secret = await db.transaction().execute(async (trx) => {
      const made = await rotateCommentAppSecret(trx, app.id);
      await recordModAction(trx, { appId: app.id, actor: CLI_ACTOR, action: 'app.rotate-secret' });
      return made;
    });
    forgetAppCaches(db);
    print(`new secret of ${app.id}: ${secret ?? ''}`);
    print('Sign users\' tokens with it from now on; tokens signed with the old one are refused. It is not shown again.');
    return;
  }

  if (command === 'mod:list') {
    const app = await needApp();
    const mods = await listAppModerators(db, app.id);
    const names = app.id === MAIN_APP_ID ? await usernamesOf(db, mods.map((m) => m.accountId)) : new Map<string, string>();
    if (mods.length === 0) print(`no moderators of ${app.id}`);
    for (const m of mods) {
      const username = names.get(m.accountId);
      print(`${m.accountId}${username ? `  @${username}` : ''}${m.name ? `  ${JSON.stringify(m.name)}` : ''}`);
    }
    return;
  }

  if (command === 'admin:add' || command === 'admin:remove') {
    const username = oneUsername();
    const done = await setAdmin(db, username, command === 'admin:add');
    if (!done) throw new AppUsageError(`no account with the username ${username}`);
    print(command === 'admin:add' ? `${done.username} is a main-site admin` : `${done.username} is no longer a main-site admin`);
    return;
  }

  if (command === 'admin:list') {
    const admins = await listAdmins(db);
    if (admins.length === 0) print('no admins');
    for (const a of admins) print(`${a.username}  ${a.userId}`);
    return;
  }
  throw new AppUsageError(`unknown command ${command}`);
}

/** The settings flags as the console's settings object (checked by the same rules). */
function settingsOf(values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (values.premoderation !== undefined) out.premoderation = values.premoderation;
  if (values['report-threshold'] !== undefined) {
    const n = Number(values['report-threshold']);
    out.reportThreshold = values['report-threshold'].trim() === '' ? NaN : n;
  }
  if (values['default-status'] !== undefined) out.defaultSectionStatus = values['default-status'];
  if (values.media !== undefined) out.allowedMedia = values.media === 'none' ? [] : values.media.split(',').map((m) => m.trim());
  if (values['link-attachments'] !== undefined) {
    const v = values['link-attachments'];
    if (v !== 'on' && v !== 'off') throw new AppUsageError('--link-attachments must be on or off');
    out.linkAttachments = v === 'on';
  }
  return out;
}
