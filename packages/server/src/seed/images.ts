import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { Random, hslToHex } from './random.js';

/** One size of a picture as posts.images stores it (posts-and-feeds.md §3). */
export type ImageVariant = { url: string; webpUrl: string; width: number; height: number };
export type PictureSet = { image460: ImageVariant; image700: ImageVariant; image460c?: ImageVariant };

/** What the seed asks for: a meme picture, drawn from `seed` so the same plan gives the same picture. */
export type PictureSpec = {
  seed: number;
  top: string;
  bottom: string;
  /** Height at 700 px wide; a long post (several panels) is over 1,400. */
  height: number;
  /** 700 unless said (clips are drawn at 460). */
  width?: number;
  panels?: number;
  /** false leaves the cartoon face out (a clip animates its own). */
  face?: boolean;
};

export const MAIN_WIDTH = 700;
export const LIST_WIDTH = 460;
/** The long-post cover is the top of the picture at 4:5. */
export const COVER_HEIGHT = 575;
const JPEG = { quality: 82, mozjpeg: false } as const;
const WEBP = { quality: 76, effort: 0 } as const;

/** Media files live under DATA_DIR/media and are served at /media/ (app.ts). */
export type MediaTarget = { mediaDir: string; publicUrl: string };

export const mediaUrl = (target: MediaTarget, path: string) => `${target.publicUrl}/media/${path}`;

let fontFamily = "'DejaVu Sans', 'Liberation Sans', 'Noto Sans', Arial, sans-serif";
let captionsRender = true;

/**
 * Captions are SVG text rendered through fontconfig. When the machine has no usable font the pictures are still
 * made (without captions) and the log says why, rather than failing the first start.
 */
export async function checkFonts(log: (msg: string) => void): Promise<void> {
  const probe = (family: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="200" height="60" fill="#000"/>` +
    `<text x="10" y="45" font-family="${family}" font-weight="bold" font-size="40" fill="#fff">MEME</text></svg>`;
  for (const family of [fontFamily, 'DejaVu Sans', 'sans-serif']) {
    const stats = await sharp(Buffer.from(probe(family))).stats();
    if ((stats.channels[0]?.max ?? 0) > 128) {
      fontFamily = family;
      return;
    }
  }
  captionsRender = false;
  log('demo content: no font renders here (install fonts-dejavu-core); pictures are made without captions');
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

/**
 * Splits a caption into lines that fit `width` (bold sans is about 0.72 em per capital), the font as large as
 * allows: 60 px on a 700 px picture, scaled for narrower ones.
 */
export function wrapCaption(text: string, width: number, maxLines = 3): { lines: string[]; size: number } {
  const words = text.toUpperCase().split(/\s+/).filter(Boolean);
  const scale = Math.min(1, (width + 40) / MAIN_WIDTH);
  const minSize = Math.round(24 * scale);
  for (let size = Math.round(60 * scale); size >= minSize; size -= 2) {
    const perLine = Math.floor(width / (size * 0.72));
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (next.length <= perLine || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    if (lines.length <= maxLines && lines.every((l) => l.length <= perLine)) return { lines, size };
  }
  const perLine = Math.floor(width / (minSize * 0.72));
  return { lines: [text.toUpperCase().slice(0, perLine)], size: minSize };
}

function captionSvg(text: string, width: number, height: number, y: number, anchor: 'top' | 'bottom'): string {
  if (!text || !captionsRender) return '';
  const { lines, size } = wrapCaption(text, width - 40, height < 400 ? 2 : 3);
  const lineHeight = Math.round(size * 1.12);
  const firstBaseline = anchor === 'top' ? y + size : y - (lines.length - 1) * lineHeight;
  return lines
    .map(
      (line, i) =>
        `<text x="${width / 2}" y="${firstBaseline + i * lineHeight}" font-family="${fontFamily}" font-weight="bold" ` +
        `font-size="${size}" fill="#fff" stroke="#000" stroke-width="${Math.max(3, size / 12)}" stroke-linejoin="round" ` +
        `paint-order="stroke" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** A cartoon face: the "character" of a meme panel. */
function faceSvg(r: Random, cx: number, cy: number, radius: number): string {
  const skin = hslToHex(r.int(20, 50), r.int(40, 80), r.int(55, 80));
  const eyeY = cy - radius * 0.2;
  const eyeDx = radius * 0.35;
  const eye = r.int(0, 2);
  const eyes =
    eye === 0
      ? `<circle cx="${cx - eyeDx}" cy="${eyeY}" r="${radius * 0.12}" fill="#222"/><circle cx="${cx + eyeDx}" cy="${eyeY}" r="${radius * 0.12}" fill="#222"/>`
      : eye === 1
        ? `<circle cx="${cx - eyeDx}" cy="${eyeY}" r="${radius * 0.2}" fill="#fff" stroke="#222" stroke-width="4"/><circle cx="${cx - eyeDx}" cy="${eyeY}" r="${radius * 0.08}" fill="#222"/>` +
          `<circle cx="${cx + eyeDx}" cy="${eyeY}" r="${radius * 0.2}" fill="#fff" stroke="#222" stroke-width="4"/><circle cx="${cx + eyeDx}" cy="${eyeY}" r="${radius * 0.08}" fill="#222"/>`
        : `<path d="M${cx - eyeDx - radius * 0.15} ${eyeY} h${radius * 0.3} M${cx + eyeDx - radius * 0.15} ${eyeY} h${radius * 0.3}" stroke="#222" stroke-width="${radius * 0.07}" stroke-linecap="round"/>`;
  const mouthY = cy + radius * 0.35;
  const mouthW = radius * 0.5;
  const mouth = r.pick([
    `<path d="M${cx - mouthW} ${mouthY} Q${cx} ${mouthY + radius * 0.45} ${cx + mouthW} ${mouthY}" stroke="#222" stroke-width="${radius * 0.07}" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="${cx}" cy="${mouthY + radius * 0.08}" rx="${radius * 0.16}" ry="${radius * 0.22}" fill="#222"/>`,
    `<path d="M${cx - mouthW} ${mouthY + radius * 0.1} h${mouthW * 2}" stroke="#222" stroke-width="${radius * 0.07}" stroke-linecap="round"/>`,
    `<path d="M${cx - mouthW} ${mouthY + radius * 0.2} Q${cx} ${mouthY - radius * 0.2} ${cx + mouthW} ${mouthY + radius * 0.2}" stroke="#222" stroke-width="${radius * 0.07}" fill="none" stroke-linecap="round"/>`,
  ]);
  const extra = r.pick([
    '',
    `<rect x="${cx - radius * 0.75}" y="${cy - radius * 1.25}" width="${radius * 1.5}" height="${radius * 0.45}" rx="${radius * 0.1}" fill="${r.color()}"/>`,
    `<path d="M${cx - radius * 0.9} ${cy - radius * 0.55} Q${cx} ${cy - radius * 1.6} ${cx + radius * 0.9} ${cy - radius * 0.55}" fill="${r.color(r.int(0, 359), 30, 25)}"/>`,
    `<circle cx="${cx + radius * 0.75}" cy="${cy - radius * 0.05}" r="${radius * 0.12}" fill="#6cf" fill-opacity="0.8"/>`,
  ]);
  return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${skin}" stroke="#222" stroke-width="${radius * 0.05}"/>${extra}${eyes}${mouth}`;
}

/** One panel: a background (gradient, sunburst, stripes or dots), shapes, maybe a face, and the captions. */
function panelSvg(r: Random, id: string, x: number, y: number, w: number, h: number, top: string, bottom: string, face: boolean): string {
  const hue = r.int(0, 359);
  const a = hslToHex(hue, r.int(60, 90), r.int(45, 65));
  const b = hslToHex((hue + r.int(90, 200)) % 360, r.int(50, 85), r.int(25, 50));
  const style = r.int(0, 3);
  const parts: string[] = [];
  const defs = `<linearGradient id="${id}g" x1="0" y1="0" x2="${r.next().toFixed(2)}" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
  parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id}g)"/>`);
  const cx = x + w / 2;
  const cy = y + h / 2;
  if (style === 1) {
    const rays = r.int(8, 16);
    const radius = Math.max(w, h);
    for (let i = 0; i < rays; i++) {
      const t0 = (i / rays) * Math.PI * 2;
      const t1 = ((i + 0.5) / rays) * Math.PI * 2;
      parts.push(
        `<polygon points="${cx},${cy} ${cx + radius * Math.cos(t0)},${cy + radius * Math.sin(t0)} ${cx + radius * Math.cos(t1)},${cy + radius * Math.sin(t1)}" fill="#fff" fill-opacity="0.13"/>`,
      );
    }
  } else if (style === 2) {
    const stripe = r.int(30, 70);
    for (let sx = -h; sx < w; sx += stripe * 2) {
      parts.push(`<polygon points="${x + sx},${y + h} ${x + sx + stripe},${y + h} ${x + sx + stripe + h},${y} ${x + sx + h},${y}" fill="#000" fill-opacity="0.08"/>`);
    }
  } else if (style === 3) {
    const step = r.int(40, 80);
    for (let dy = step / 2; dy < h; dy += step) {
      for (let dx = step / 2; dx < w; dx += step) parts.push(`<circle cx="${x + dx}" cy="${y + dy}" r="${step / 6}" fill="#fff" fill-opacity="0.12"/>`);
    }
  }
  const shapes = r.int(2, 6);
  for (let i = 0; i < shapes; i++) {
    const sx = x + r.int(0, w);
    const sy = y + r.int(0, h);
    const size = r.int(20, Math.round(Math.min(w, h) / 4));
    const fill = r.color();
    const opacity = (0.35 + r.next() * 0.5).toFixed(2);
    const kind = r.int(0, 2);
    if (kind === 0) parts.push(`<circle cx="${sx}" cy="${sy}" r="${size}" fill="${fill}" fill-opacity="${opacity}"/>`);
    else if (kind === 1) {
      parts.push(`<rect x="${sx - size}" y="${sy - size}" width="${size * 2}" height="${size * 2}" rx="${size / 5}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${r.int(0, 90)} ${sx} ${sy})"/>`);
    } else {
      parts.push(`<polygon points="${sx},${sy - size} ${sx + size},${sy + size} ${sx - size},${sy + size}" fill="${fill}" fill-opacity="${opacity}"/>`);
    }
  }
  if (r.chance(0.75) && face) parts.push(faceSvg(r, cx + r.int(-w / 6, w / 6), cy + h * 0.04, Math.min(w, h) * (0.18 + r.next() * 0.1)));
  parts.push(captionSvg(top, w, h, y + 12, 'top'), captionSvg(bottom, w, h, y + h - 20, 'bottom'));
  return `<defs>${defs}</defs>${parts.join('')}`;
}

export function memeSvg(spec: PictureSpec): string {
  const r = new Random(spec.seed);
  const width = spec.width ?? MAIN_WIDTH;
  const panels = Math.max(1, spec.panels ?? 1);
  const panelHeight = Math.floor(spec.height / panels);
  let body = '';
  for (let i = 0; i < panels; i++) {
    const y = i * panelHeight;
    const h = i === panels - 1 ? spec.height - y : panelHeight;
    body += panelSvg(r, `p${i}`, 0, y, width, h, i === 0 ? spec.top : '', i === panels - 1 ? spec.bottom : '', spec.face !== false);
    if (i > 0) body += `<rect x="0" y="${y - 3}" width="${width}" height="6" fill="#fff"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${spec.height}">${body}</svg>`;
}

/** A cartoon face alone on a transparent square, for clips to move around. */
export function faceOnlySvg(seed: number, size: number): string {
  const r = new Random(seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${faceSvg(r, size / 2, size / 2 + size * 0.08, size * 0.36)}</svg>`;
}

/**
 * Writes the JPEG and WebP files of one picture at 700 and 460 wide, and the 460 cover of a long picture, into
 * `media/<dir>/`, and returns the posts.images entries. The SVG is rasterised once; every file is a resize of it.
 */
export async function writePictureSet(target: MediaTarget, dir: string, input: { svg: string } | { file: string }, withCover: boolean): Promise<PictureSet> {
  const outDir = join(target.mediaDir, dir);
  await mkdir(outDir, { recursive: true });
  const source = 'svg' in input ? sharp(Buffer.from(input.svg)) : sharp(input.file);
  const { data, info } = await source.resize({ width: MAIN_WIDTH }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const listHeight = Math.round((info.height * LIST_WIDTH) / info.width);
  const variant = (name: string, width: number, height: number): ImageVariant => ({
    url: mediaUrl(target, `${dir}/${name}.jpg`),
    webpUrl: mediaUrl(target, `${dir}/${name}.webp`),
    width,
    height,
  });
  const jobs: Promise<unknown>[] = [
    raw().jpeg(JPEG).toFile(join(outDir, 'image700.jpg')),
    raw().webp(WEBP).toFile(join(outDir, 'image700.webp')),
    raw().resize({ width: LIST_WIDTH }).jpeg(JPEG).toFile(join(outDir, 'image460.jpg')),
    raw().resize({ width: LIST_WIDTH }).webp(WEBP).toFile(join(outDir, 'image460.webp')),
  ];
  const set: PictureSet = { image460: variant('image460', LIST_WIDTH, listHeight), image700: variant('image700', info.width, info.height) };
  if (withCover && listHeight > COVER_HEIGHT) {
    const cover = () => raw().resize({ width: LIST_WIDTH }).extract({ left: 0, top: 0, width: LIST_WIDTH, height: COVER_HEIGHT });
    jobs.push(cover().jpeg(JPEG).toFile(join(outDir, 'image460c.jpg')), cover().webp(WEBP).toFile(join(outDir, 'image460c.webp')));
    set.image460c = variant('image460c', LIST_WIDTH, COVER_HEIGHT);
  }
  await Promise.all(jobs);
  return set;
}

/** A square avatar (a face on a colour), as PNG and WebP; returns the PNG url. */
export async function writeAvatar(target: MediaTarget, name: string, seed: number): Promise<string> {
  const r = new Random(seed);
  const size = 128;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
    `<rect width="${size}" height="${size}" fill="${r.color(r.int(0, 359), 60, 60)}"/>${faceSvg(r, size / 2, size / 2 + 6, 40)}</svg>`;
  return writeSmallPicture(target, `avatars/${name}`, svg);
}

/** The avatar of anonymous comments (comment_apps.anonymous_avatar_url): a ghost. */
export function writeGhostAvatar(target: MediaTarget): Promise<string> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><rect width="128" height="128" fill="#5b6b7c"/>` +
    `<path d="M34 112 V60 a30 30 0 0 1 60 0 V112 l-10 -10 l-10 10 l-10 -10 l-10 10 l-10 -10 z" fill="#f4f6f8"/>` +
    `<circle cx="52" cy="62" r="6" fill="#2a3440"/><circle cx="76" cy="62" r="6" fill="#2a3440"/>` +
    `<ellipse cx="64" cy="82" rx="6" ry="8" fill="#2a3440"/></svg>`;
  return writeSmallPicture(target, 'avatars/anonymous', svg);
}

/** Interest badge: a rounded square with the interest's initial. */
export function writeInterestImage(target: MediaTarget, key: string, name: string, hue: number): Promise<string> {
  const initial = captionsRender
    ? `<text x="64" y="86" font-family="${fontFamily}" font-weight="bold" font-size="64" fill="#fff" text-anchor="middle">${escapeXml(name.charAt(0))}</text>`
    : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><rect width="128" height="128" rx="28" fill="${hslToHex(hue, 70, 50)}"/>` +
    `<circle cx="100" cy="28" r="40" fill="#fff" fill-opacity="0.15"/>${initial}</svg>`;
  return writeSmallPicture(target, `interests/${key}`, svg);
}

async function writeSmallPicture(target: MediaTarget, path: string, svg: string): Promise<string> {
  const file = join(target.mediaDir, path);
  await mkdir(join(file, '..'), { recursive: true });
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
  await Promise.all([writeFile(`${file}.png`, png), sharp(png).webp(WEBP).toFile(`${file}.webp`)]);
  return mediaUrl(target, `${path}.png`);
}
