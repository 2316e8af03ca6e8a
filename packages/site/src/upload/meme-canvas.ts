/**
 * The meme maker's drawing (posts-and-feeds.md §1 "create memes"): the classic caption style, white Impact capitals
 * with a black outline, top caption at the top and bottom caption at the bottom, rendered on a canvas in the
 * browser and uploaded as an ordinary Photo.
 */
export const MEME_FONT = "Impact, Haettenschweiler, 'Arial Narrow Bold', 'Anton', 'Oswald', sans-serif";
/** Longest side of the picture we upload: more is wasted on a 700 px post. */
export const MEME_MAX_SIDE = 1400;
export const CAPTION_MAX = 120;

type Measure = (text: string) => number;

/** Splits a caption into lines no wider than `width` (a single long word keeps its own line). */
export function wrapCaption(text: string, width: number, measure: Measure): string[] {
  const words = text.toUpperCase().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (!line || measure(next) <= width) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest font size (px) at which the caption fits `width` in at most `maxLines` lines. */
export function fitCaption(text: string, width: number, height: number, measureAt: (size: number) => Measure, maxLines = 3): { size: number; lines: string[] } {
  const start = Math.max(16, Math.round(Math.min(width / 8, height / 6)));
  const min = Math.max(12, Math.round(start / 3));
  for (let size = start; size > min; size -= 2) {
    const measure = measureAt(size);
    const lines = wrapCaption(text, width, measure);
    if (lines.length <= maxLines && lines.every((l) => measure(l) <= width)) return { size, lines };
  }
  return { size: min, lines: wrapCaption(text, width, measureAt(min)) };
}

/** A point on the picture as fractions of its width and height (0..1). */
export type Point = { x: number; y: number };
/** Where each caption's block is centred; null keeps the classic place (top caption at the top, bottom at the bottom). */
export type MemeLayout = { top: Point | null; bottom: Point | null };
/** A caption's block as drawn, in fractions of the picture: its centre and size. */
export type CaptionBox = Point & { w: number; h: number };
export type PlacedCaptions = { top: CaptionBox | null; bottom: CaptionBox | null };
export const CLASSIC_LAYOUT: MemeLayout = { top: null, bottom: null };

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), Math.max(min, max));

/**
 * The top of a caption block `blockHeight` tall on a picture `height` tall: the classic place (a margin from the top
 * or the bottom) or centred on `at`, kept inside the picture.
 */
export function captionTop(blockHeight: number, height: number, margin: number, fromTop: boolean, at: Point | null): number {
  if (!at) return fromTop ? margin : height - margin - blockHeight;
  return clamp(at.y * height - blockHeight / 2, 0, height - blockHeight);
}

/** Draws the picture and both captions on `canvas` (sized to the picture, at most MEME_MAX_SIDE); returns where they went. */
export function drawMeme(
  canvas: HTMLCanvasElement,
  image: CanvasImageSource & { width: number; height: number },
  top: string,
  bottom: string,
  layout: MemeLayout = CLASSIC_LAYOUT,
): PlacedCaptions {
  const placed: PlacedCaptions = { top: null, bottom: null };
  const scale = Math.min(1, MEME_MAX_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return placed;
  ctx.drawImage(image, 0, 0, width, height);
  const margin = Math.round(width * 0.04);
  const measureAt = (size: number) => {
    ctx.font = `${size}px ${MEME_FONT}`;
    return (text: string) => ctx.measureText(text).width;
  };
  const caption = (text: string, fromTop: boolean, at: Point | null): CaptionBox | null => {
    if (!text.trim()) return null;
    const { size, lines } = fitCaption(text, width - margin * 2, height, measureAt);
    ctx.font = `${size}px ${MEME_FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(2, size / 8);
    ctx.strokeStyle = '#000';
    ctx.fillStyle = '#fff';
    const lineHeight = size * 1.1;
    const blockHeight = lineHeight * lines.length;
    const blockWidth = Math.max(...lines.map((l) => ctx.measureText(l).width));
    const x = at ? clamp(at.x * width, blockWidth / 2, width - blockWidth / 2) : width / 2;
    const y0 = captionTop(blockHeight, height, margin, fromTop, at);
    lines.forEach((line, i) => {
      const y = y0 + i * lineHeight;
      ctx.strokeText(line, x, y);
      ctx.fillText(line, x, y);
    });
    return { x: x / width, y: (y0 + blockHeight / 2) / height, w: blockWidth / width, h: blockHeight / height };
  };
  placed.top = caption(top, true, layout.top);
  placed.bottom = caption(bottom, false, layout.bottom);
  return placed;
}

/** The canvas as a JPEG file to upload. */
export function canvasToFile(canvas: HTMLCanvasElement, name = 'meme.jpg'): Promise<File> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(new File([blob], name, { type: 'image/jpeg' })) : reject(new Error('The meme could not be rendered.'))), 'image/jpeg', 0.9);
  });
}
