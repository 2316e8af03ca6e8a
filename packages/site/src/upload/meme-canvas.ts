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

/** Draws the picture and both captions on `canvas` (sized to the picture, at most MEME_MAX_SIDE). */
export function drawMeme(canvas: HTMLCanvasElement, image: CanvasImageSource & { width: number; height: number }, top: string, bottom: string): void {
  const scale = Math.min(1, MEME_MAX_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.drawImage(image, 0, 0, width, height);
  const margin = Math.round(width * 0.04);
  const measureAt = (size: number) => {
    ctx.font = `${size}px ${MEME_FONT}`;
    return (text: string) => ctx.measureText(text).width;
  };
  const caption = (text: string, fromTop: boolean) => {
    if (!text.trim()) return;
    const { size, lines } = fitCaption(text, width - margin * 2, height, measureAt);
    ctx.font = `${size}px ${MEME_FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(2, size / 8);
    ctx.strokeStyle = '#000';
    ctx.fillStyle = '#fff';
    const lineHeight = size * 1.1;
    const y0 = fromTop ? margin : height - margin - lineHeight * lines.length;
    lines.forEach((line, i) => {
      const y = y0 + i * lineHeight;
      ctx.strokeText(line, width / 2, y);
      ctx.fillText(line, width / 2, y);
    });
  };
  caption(top, true);
  caption(bottom, false);
}

/** The canvas as a JPEG file to upload. */
export function canvasToFile(canvas: HTMLCanvasElement, name = 'meme.jpg'): Promise<File> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(new File([blob], name, { type: 'image/jpeg' })) : reject(new Error('The meme could not be rendered.'))), 'image/jpeg', 0.9);
  });
}
