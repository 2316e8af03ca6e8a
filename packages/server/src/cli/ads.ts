import { parseArgs } from 'node:util';
import type { Database } from '../db/index.js';
import { insertCampaign, listCampaigns, removeCampaign } from '../modules/ads/repository.js';
import { AD_SIZES, isSafeLink } from '../modules/ads/service.js';
import { runDatabaseCli, type DatabaseCli } from './runner.js';

/**
 * House-ad campaigns (README.md "Ads"):
 *   npm run ads -- campaign:add --name N --link URL --image URL --size 728x90 [--size 300x250 ...]
 *                  [--start ISO] [--end ISO] [--weight N] [--card URL --banner URL] [--nav-image URL] [--background CSS]
 *   npm run ads -- campaign:list [--json]
 *   npm run ads -- campaign:remove --id N
 * With the embedded database the server must be stopped (one process per DATA_DIR); with DATABASE_URL it may run.
 */
const USAGE = `usage:
  npm run ads -- campaign:add --name NAME --link URL --image URL --size WxH [--size WxH ...]
                 [--start ISO_DATE] [--end ISO_DATE] [--weight N] [--card URL --banner URL] [--nav-image URL] [--background CSS_COLOR]
     sizes: ${AD_SIZES.join(', ')} (1x1 collapses the home billboard)
  npm run ads -- campaign:list [--json]   (--json: one JSON array with each campaign's impressions and clicks)
  npm run ads -- campaign:remove --id N`;

export class AdsUsageError extends Error {}

const image = (flag: string, value: string | undefined): string | null => {
  if (value === undefined) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (!isSafeLink(value)) throw new AdsUsageError(`--${flag} must be an http(s) URL or a path on this site`);
  return value;
};

const date = (flag: string, value: string | undefined): Date | undefined => {
  if (value === undefined) return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new AdsUsageError(`--${flag} ${value} is not a date`);
  return d;
};

export async function runAdsCommand(db: Database, argv: string[], print: (line: string) => void): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' }, link: { type: 'string' }, image: { type: 'string' }, size: { type: 'string', multiple: true },
      start: { type: 'string' }, end: { type: 'string' }, weight: { type: 'string' }, card: { type: 'string' },
      banner: { type: 'string' }, 'nav-image': { type: 'string' }, background: { type: 'string' }, id: { type: 'string' },
      json: { type: 'boolean' },
    },
    strict: true,
  });
  if (command === 'campaign:add') {
    const name = values.name?.trim();
    if (!name) throw new AdsUsageError('campaign:add needs --name');
    if (!values.link || !isSafeLink(values.link)) throw new AdsUsageError('campaign:add needs --link with an http(s) URL');
    const imageUrl = image('image', values.image);
    if (!imageUrl) throw new AdsUsageError('campaign:add needs --image');
    const sizes = [...new Set(values.size ?? [])];
    if (sizes.length === 0) throw new AdsUsageError('campaign:add needs at least one --size');
    const bad = sizes.find((s) => !(AD_SIZES as readonly string[]).includes(s));
    if (bad) throw new AdsUsageError(`--size ${bad} is not one of ${AD_SIZES.join(', ')}`);
    const weight = values.weight === undefined ? 1 : Number(values.weight);
    if (!Number.isInteger(weight) || weight < 1 || weight > 1000) throw new AdsUsageError('--weight must be a whole number from 1 to 1000');
    const startsAt = date('start', values.start);
    const endsAt = date('end', values.end) ?? null;
    if (endsAt && endsAt.getTime() <= (startsAt ?? new Date()).getTime()) throw new AdsUsageError('--end must be after the start');
    if (!!values.card !== !!values.banner) throw new AdsUsageError('--card and --banner go together (the drawer campaign banner)');
    const background = values.background?.trim() ?? null;
    // A page background is a colour or gradient, never a url(...) or anything that closes the declaration.
    if (background && !/^[#\w\s,.%()-]{1,120}$/.test(background)) throw new AdsUsageError('--background must be a CSS colour or gradient');
    if (background && /url\s*\(/i.test(background)) throw new AdsUsageError('--background must be a CSS colour or gradient');
    const row = await insertCampaign(db, {
      name, link: values.link, imageUrl, sizes, endsAt, weight, ...(startsAt ? { startsAt } : {}),
      cardImageUrl: image('card', values.card), bannerImageUrl: image('banner', values.banner),
      navImageUrl: image('nav-image', values['nav-image']), background,
    });
    print(`campaign ${row.id} added: ${row.name} (${row.sizes.join(', ')}, weight ${row.weight})`);
    return;
  }
  if (command === 'campaign:list') {
    const rows = await listCampaigns(db);
    // For scripts (and the browser tests): the same rows with their counts, dates as ISO strings.
    if (values.json) return print(JSON.stringify(rows));
    if (rows.length === 0) print('no campaigns');
    for (const c of rows) {
      const when = `${c.startsAt.toISOString()} .. ${c.endsAt ? c.endsAt.toISOString() : 'open'}`;
      print(`${c.id}\t${c.name}\t${c.sizes.join(',')}\tweight ${c.weight}\t${when}\t${c.impressions} impressions\t${c.clicks} clicks\t${c.link}`);
    }
    return;
  }
  if (command === 'campaign:remove') {
    const id = Number(values.id);
    if (!values.id || !Number.isInteger(id) || id < 1) throw new AdsUsageError('campaign:remove needs --id N');
    print((await removeCampaign(db, id)) ? `campaign ${id} removed` : `no campaign with id ${id}`);
    return;
  }
  throw new AdsUsageError(command ? `unknown command ${command}` : 'no command');
}

/** `npm run ads` (cli/runner.ts: help, settings, the database, exit codes). */
export const adsCli: DatabaseCli = {
  name: 'ads',
  // Help is answered before any database is opened, so it works while the server runs.
  help: (args) =>
    args.some((a) => a === '--help' || a === '-h') || args[0] === 'help'
      ? `${USAGE}\nWith the embedded database, stop the server first; with DATABASE_URL (PostgreSQL) it may run.\n`
      : null,
  usage: USAGE,
  isUsageError: (error) => error instanceof AdsUsageError,
  typed: (args) => `npm run ads -- ${args.join(' ')}`,
  run: (db, args, { print }) => runAdsCommand(db, args, print),
};

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await runDatabaseCli(adsCli);
