import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { TEMPLATE_PREFIX } from '../modules/posts/meme-templates.js';
import { memeSvg, type MediaTarget } from './images.js';

/** The demo's dozen templates: blank meme pictures (no captions) drawn like the posts' pictures, one or more panels. */
export const DEMO_TEMPLATES: readonly { slug: string; seed: number; height: number; panels?: number }[] = [
  { slug: 'surprised-face', seed: 101, height: 600 },
  { slug: 'two-choices', seed: 202, height: 700, panels: 2 },
  { slug: 'before-and-after', seed: 303, height: 800, panels: 2 },
  { slug: 'three-stages', seed: 404, height: 900, panels: 3 },
  { slug: 'thinking-hard', seed: 505, height: 600 },
  { slug: 'sunburst-hero', seed: 606, height: 500 },
  { slug: 'expectation-reality', seed: 707, height: 760, panels: 2 },
  { slug: 'calm-face', seed: 808, height: 600 },
  { slug: 'stripes-of-doom', seed: 909, height: 450 },
  { slug: 'the-plan', seed: 1111, height: 1000, panels: 4 },
  { slug: 'party-hat', seed: 1212, height: 600 },
  { slug: 'square-classic', seed: 1313, height: 700 },
];

/** Writes the templates as JPEGs (600 px wide) into media/meme-templates/NN-slug.jpg; returns how many. */
export async function writeMemeTemplates(target: MediaTarget): Promise<number> {
  const dir = join(target.mediaDir, TEMPLATE_PREFIX);
  await mkdir(dir, { recursive: true });
  await Promise.all(
    DEMO_TEMPLATES.map((t, i) =>
      sharp(Buffer.from(memeSvg({ seed: t.seed, top: '', bottom: '', height: t.height, panels: t.panels ?? 1 })))
        .resize({ width: 600 })
        .jpeg({ quality: 80 })
        .toFile(join(dir, `${String(i + 1).padStart(2, '0')}-${t.slug}.jpg`)),
    ),
  );
  return DEMO_TEMPLATES.length;
}
