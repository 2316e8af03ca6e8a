import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Database } from '../../db/index.js';
import { insertCampaign } from './repository.js';

const SIZES = [[728, 90], [970, 250], [300, 250], [336, 280]] as const;

function creativeSvg(width: number, height: number, title: string, line: string, hue: number): string {
  const big = Math.round(Math.min(height * 0.32, width * 0.07));
  const small = Math.round(big * 0.55);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="hsl(${hue},70%,42%)"/>
  <text x="50%" y="${height / 2 - small * 0.2}" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="${big}" fill="#fff" text-anchor="middle">${title}</text>
  <text x="50%" y="${height / 2 + small * 1.2}" font-family="DejaVu Sans, sans-serif" font-size="${small}" fill="#fff" text-anchor="middle">${line}</text>
</svg>`;
}

/** Demo content: two house campaigns of ours in every slot size, with creatives drawn here (PNG, a few KB each). */
export async function seedHouseAds(db: Database, mediaDir: string, publicUrl: string): Promise<void> {
  const dir = join(mediaDir, 'ads');
  await mkdir(dir, { recursive: true });
  const campaigns = [
    { key: 'upload', name: 'Post your meme', title: 'Got a meme?', line: 'Post it on Guffaw', hue: 210, link: `${publicUrl}/submit`, weight: 2 },
    { key: 'top', name: 'Top memes', title: 'Best of the week', line: 'See the top memes', hue: 330, link: `${publicUrl}/top`, weight: 1 },
  ];
  for (const c of campaigns) {
    await Promise.all(
      SIZES.map(([w, h]) => sharp(Buffer.from(creativeSvg(w, h, c.title, c.line, c.hue))).png({ palette: true }).toFile(join(dir, `${c.key}-${w}x${h}.png`))),
    );
    // One image per campaign row: a row per size keeps the creative and its size together.
    for (const [w, h] of SIZES) {
      await insertCampaign(db, {
        name: `${c.name} ${w}x${h}`, link: c.link, imageUrl: `/media/ads/${c.key}-${w}x${h}.png`, sizes: [`${w}x${h}`], weight: c.weight,
        endsAt: null, cardImageUrl: null, bannerImageUrl: null, navImageUrl: null, background: null,
      });
    }
  }
}
