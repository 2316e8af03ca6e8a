import { parseArgs } from 'node:util';
import type { Database } from '../db/index.js';
import { isHttpError } from '../lib/envelope.js';
import { addModerator, createCommentApp, findCommentApp as findApp, removeModerator } from '../modules/comments/index.js';
import { WEBHOOK_EVENTS, WebhookInputError, createWebhookService } from '../modules/webhooks/service.js';
import { APP_COMMANDS, AppUsageError, runAppCommand } from './comments-apps.js';
import { TRANSFER_COMMANDS, TransferUsageError, runTransferCommand, type TransferIo } from './comments-transfer.js';
import { runDatabaseCli, type DatabaseCli } from './runner.js';

/**
 * Operator commands of the comment service (README.md):
 *   npm run comments -- app:create --name N --origin URL [--origin URL ...]   prints the new app's id and secret
 *   npm run comments -- app:list | app:update | app:rotate-secret | mod:list | admin:add | admin:remove | admin:list (comments-apps.ts)
 *   npm run comments -- mod:add --app ID --user EXTERNAL_ID
 *   npm run comments -- mod:remove --app ID --user EXTERNAL_ID
 *   npm run comments -- webhook:add|webhook:list|webhook:remove|webhook:deliveries|webhook:replay (README.md "Webhooks")
 *   npm run comments -- import|export (cli/comments-transfer.ts; README.md "Migrating from Disqus, WordPress and Remark42")
 * With the embedded database the server must be stopped (one process per DATA_DIR); with DATABASE_URL it may run.
 * A running server picks up moderator changes within 10 s and app changes within 30 s (its caches).
 */
const COMMANDS: Record<string, string> = {
  'app:create': `npm run comments -- app:create --name NAME --origin URL [--origin URL ...]
    a comment app (tenant) for a site: prints its appId and the secret its server signs users' tokens with;
    --origin: each origin (scheme://host[:port]) whose pages embed its threads`,
  'app:list': `npm run comments -- app:list
    every app: id, name, owner, origins and moderation settings`,
  'app:update': `npm run comments -- app:update --app APP_ID [--name NAME] [--origin URL ...] [--owner USERNAME|none]
      [--premoderation off|first|all] [--report-threshold 1-100] [--default-status open|closed]
      [--media static,animated,video|none] [--link-attachments on|off]
    changes what is given (--origin replaces the list); --owner hands the app to a Guffaw account (its console)`,
  'app:rotate-secret': `npm run comments -- app:rotate-secret --app APP_ID
    a new secret for the app, printed once: tokens signed with the old one stop working`,
  'mod:list': `npm run comments -- mod:list --app APP_ID
    the app's moderators (their external user ids, and names once they commented)`,
  'admin:add': `npm run comments -- admin:add USERNAME
    makes a Guffaw account a main-site admin: it manages every app in the console (/apps), the main app included`,
  'admin:remove': `npm run comments -- admin:remove USERNAME
    takes the admin role back (admin:list shows who has it)`,
  'admin:list': `npm run comments -- admin:list
    the main-site admins`,
  'mod:add': `npm run comments -- mod:add --app APP_ID --user EXTERNAL_USER_ID
    makes the app's user (the sub of its tokens) a moderator of its threads`,
  'mod:remove': `npm run comments -- mod:remove --app APP_ID --user EXTERNAL_USER_ID
    takes the moderator role back`,
  'webhook:add': `npm run comments -- webhook:add --app APP_ID --url URL [--events EVENT[,EVENT...]]
    sends the app's events to URL (public http/https on port 80 or 443), signed; prints the endpoint's id and secret;
    --events: some of ${WEBHOOK_EVENTS.join(', ')} (default: all)`,
  'webhook:list': `npm run comments -- webhook:list [--app APP_ID]
    the webhook endpoints (of one app), with their events and state`,
  'webhook:remove': `npm run comments -- webhook:remove WEBHOOK_ID
    removes an endpoint and its delivery log`,
  'webhook:deliveries': `npm run comments -- webhook:deliveries --app APP_ID [--limit N]
    the app's newest deliveries (default 20), each with its attempts: time, status code or error, the answer's start`,
  'webhook:replay': `npm run comments -- webhook:replay DELIVERY_ID
    sends that delivery's event again (same id and body, new signature) as a new delivery`,
};
Object.assign(COMMANDS, TRANSFER_COMMANDS);
const USAGE = `usage:\n${Object.values(COMMANDS).map((text) => `  ${text}`).join('\n')}
With the embedded database, stop the server first; with DATABASE_URL (PostgreSQL) it may run.`;

/** The usage `--help`, `-h` or `help` asks for (of one command when named), or null: answered before any database. */
export function commentsHelp(argv: string[]): string | null {
  if (!argv.some((a) => a === '--help' || a === '-h') && argv[0] !== 'help') return null;
  const text = argv[0] ? COMMANDS[argv[0]] : undefined;
  return text ? `usage:\n  ${text}` : USAGE;
}

class UsageError extends Error {}

export async function runCommentsCommand(db: Database, argv: string[], print: (line: string) => void, io?: TransferIo): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'import' || command === 'export') {
    try {
      await runTransferCommand(db, command, rest, print, io);
    } catch (error) {
      throw error instanceof TransferUsageError ? new UsageError(error.message) : error;
    }
    return;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' }, origin: { type: 'string', multiple: true }, app: { type: 'string' }, user: { type: 'string' },
      url: { type: 'string' }, events: { type: 'string', multiple: true }, limit: { type: 'string' },
      owner: { type: 'string' }, premoderation: { type: 'string' }, 'report-threshold': { type: 'string' }, 'default-status': { type: 'string' },
      media: { type: 'string' }, 'link-attachments': { type: 'string' },
    },
    allowPositionals: command === 'webhook:remove' || command === 'webhook:replay' || command === 'admin:add' || command === 'admin:remove',
    strict: true,
  });
  if (command === 'app:create') {
    const name = values.name?.trim();
    if (!name) throw new UsageError('app:create needs --name');
    const origins = (values.origin ?? []).map((o) => {
      let url: URL;
      try {
        url = new URL(o);
      } catch {
        throw new UsageError(`--origin ${o} is not a URL`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--origin ${o} must be http:// or https://`);
      return url.origin;
    });
    if (origins.length === 0) throw new UsageError('app:create needs at least one --origin (the site that embeds the comments)');
    const { app, secret } = await createCommentApp(db, { name, allowedOrigins: [...new Set(origins)] });
    const id = app.id;
    print(`app created: ${name}`);
    print(`  appId:   ${id}`);
    print(`  secret:  ${secret}`);
    print(`  origins: ${[...new Set(origins)].join(', ')}`);
    print('Sign each user\'s auth token (HS256) with the secret: aud = appId, sub = your user id, name, exp within 24 h.');
    return;
  }
  if (command === 'mod:add' || command === 'mod:remove') {
    if (!values.app || !values.user) throw new UsageError(`${command} needs --app and --user`);
    if (!(await findApp(db, values.app))) throw new UsageError(`no app with id ${values.app}`);
    if (command === 'mod:add') {
      await addModerator(db, values.app, values.user);
      print(`${values.user} moderates ${values.app}`);
    } else {
      const removed = await removeModerator(db, values.app, values.user);
      print(removed ? `${values.user} no longer moderates ${values.app}` : `${values.user} was not a moderator of ${values.app}`);
    }
    return;
  }
  if (command !== undefined && APP_COMMANDS.has(command)) {
    try {
      await runAppCommand(db, command, values, positionals, print);
    } catch (error) {
      if (isHttpError(error) && error.statusCode < 500) throw new UsageError(error.message);
      if (error instanceof AppUsageError) throw new UsageError(error.message);
      throw error;
    }
    return;
  }
  if (command?.startsWith('webhook:')) {
    try {
      await runWebhookCommand(db, command, values, positionals, print);
    } catch (error) {
      if (error instanceof WebhookInputError) throw new UsageError(error.message);
      throw error;
    }
    return;
  }
  throw new UsageError(command ? `unknown command ${command}` : 'no command');
}

/** The webhook commands: they change the tables only; a running server's worker sends what they queue. */
async function runWebhookCommand(
  db: Database,
  command: string,
  values: { app?: string | undefined; url?: string | undefined; events?: string[] | undefined; limit?: string | undefined },
  positionals: string[],
  print: (line: string) => void,
): Promise<void> {
  const webhooks = createWebhookService(db);
  const needApp = async () => {
    if (!values.app) throw new UsageError(`${command} needs --app`);
    if (!(await findApp(db, values.app))) throw new UsageError(`no app with id ${values.app}`);
    return values.app;
  };
  const one = (what: string) => {
    if (positionals.length !== 1) throw new UsageError(`${command} needs one ${what}`);
    return positionals[0] as string;
  };
  if (command === 'webhook:add') {
    const appId = await needApp();
    if (!values.url) throw new UsageError('webhook:add needs --url');
    const e = await webhooks.addEndpoint({ appId, url: values.url, events: values.events ?? [] });
    print(`webhook added to ${appId}`);
    print(`  id:     ${e.id}`);
    print(`  url:    ${e.url}`);
    print(`  events: ${(e.events as string[]).length ? (e.events as string[]).join(', ') : 'all'}`);
    print(`  secret: ${e.secret}`);
    print('Check each delivery\'s Guffaw-Signature with the secret (README.md "Webhooks"); it is not shown again.');
    return;
  }
  if (command === 'webhook:list') {
    if (values.app) await needApp();
    const rows = await webhooks.listEndpoints(values.app);
    if (rows.length === 0) print('no webhooks');
    for (const e of rows) {
      const events = (e.events as string[]).length ? (e.events as string[]).join(',') : 'all';
      print(`${e.id}  ${e.appId}  ${e.active ? 'active' : 'off'}  ${events}  ${e.url}`);
    }
    return;
  }
  if (command === 'webhook:remove') {
    const id = one('WEBHOOK_ID');
    print((await webhooks.removeEndpoint(id)) ? `webhook ${id} removed` : `no webhook with id ${id}`);
    return;
  }
  if (command === 'webhook:deliveries') {
    const appId = await needApp();
    const limit = values.limit === undefined ? 20 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new UsageError('--limit must be an integer from 1 to 500');
    const rows = await webhooks.deliveries(appId, limit);
    if (rows.length === 0) print('no deliveries');
    for (const d of rows) {
      const next = d.state === 'pending' && d.nextAttemptAt ? `, next ${new Date(d.nextAttemptAt).toISOString()}` : '';
      const replay = d.replayOf ? `, replay of ${d.replayOf}` : '';
      print(`${d.id}  ${d.eventType}  ${d.eventId}  ${d.state}  ${d.attempts} attempt(s)${next}${replay}  ->${d.endpointId}`);
      for (const a of d.log) {
        const outcome = a.statusCode !== null ? `HTTP ${a.statusCode}` : (a.error ?? 'no answer');
        const body = a.responseBody ? `  ${JSON.stringify(a.responseBody.slice(0, 120))}` : '';
        print(`    #${a.attempt}  ${new Date(a.startedAt).toISOString()}  ${outcome}  ${a.durationMs} ms${body}`);
      }
    }
    return;
  }
  if (command === 'webhook:replay') {
    const d = await webhooks.replay(one('DELIVERY_ID'));
    print(`replay queued: ${d.id} (event ${d.eventId}, ${d.eventType}); the running server sends it (or the next start)`);
    return;
  }
  throw new UsageError(`unknown command ${command}`);
}

/** `npm run comments` (cli/runner.ts: help, settings, the database, exit codes). */
export const commentsCli: DatabaseCli = {
  name: 'comments',
  help: (args) => {
    const help = commentsHelp(args);
    return help === null ? null : `${help}\n`;
  },
  usage: USAGE,
  isUsageError: (error) => error instanceof UsageError,
  typed: (args) => `npm run comments -- ${args.join(' ')}`,
  run: (db, args, { print }) => runCommentsCommand(db, args, print),
};

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await runDatabaseCli(commentsCli);
