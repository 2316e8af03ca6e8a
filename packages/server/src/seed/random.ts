/**
 * A small seeded PRNG (mulberry32) and the draws the seed needs, so the demo content is the same on every machine.
 * Not for secrets: app secrets and password salts come from node:crypto.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct items (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** Picks by weight: `weighted([['a', 3], ['b', 1]])` returns 'a' three times as often as 'b'. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  /** A base62 string, the shape of the product's public ids (post ids, comment ids, user ids). */
  id(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += BASE62[Math.floor(this.next() * 62)];
    return out;
  }

  /** A colour as #rrggbb from hue/saturation/lightness, so palettes stay pleasant. */
  color(hue = this.int(0, 359), saturation = this.int(55, 90), lightness = this.int(40, 65)): string {
    return hslToHex(hue, saturation, lightness);
  }
}

/** Ids drawn from a Random, never repeated within one seed run. */
export class IdPool {
  private readonly used = new Set<string>();

  constructor(private readonly random: Random) {}

  take(length: number): string {
    for (;;) {
      const id = this.random.id(length);
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }
}

export function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}
