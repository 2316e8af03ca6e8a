import type { ImportStats } from './import-run.js';

/**
 * Progress of an import on stderr: a bar redrawn in place when stderr is a terminal, else a plain line every 5 s
 * (logs and pipes get no control characters), with the JavaScript heap in use. `total`: the file's size in bytes, when known (not for stdin).
 */
export function createProgress(out: { write(s: string): unknown; isTTY?: boolean }, total: number | null, bytes: () => number) {
  const tty = out.isTTY === true;
  let last = 0;
  let drawn = false;
  let lastKey = '';
  const started = Date.now();
  const fmt = (n: number) => n.toLocaleString('en-US');
  const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  const line = (s: ImportStats) => {
    const done = bytes();
    const pct = total ? Math.min(100, Math.floor((done / total) * 100)) : null;
    const counts = `${fmt(s.read)} comments read, ${fmt(s.created)} new, ${fmt(s.existing)} already there, ${fmt(s.skipped)} skipped`;
    const size = total ? `${mb(done)} of ${mb(total)}` : mb(done);
    const heap = mb(process.memoryUsage().heapUsed);
    return { pct, text: `${counts} (${size}, ${Math.round((Date.now() - started) / 1000)} s, heap ${heap})` };
  };
  return {
    update(s: ImportStats, force = false) {
      const now = Date.now();
      if (!force && now - last < (tty ? 100 : 5000)) return;
      last = now;
      const { pct, text } = line(s);
      // The same counts again (the last batch, then the end) are not written twice.
      const key = `${pct} ${s.read} ${s.created} ${s.existing} ${s.skipped}`;
      if (key === lastKey && force) return;
      lastKey = key;
      if (tty) {
        const width = 24;
        const filled = pct === null ? 0 : Math.round((pct / 100) * width);
        const bar = pct === null ? '' : `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(pct).padStart(3)}% `;
        out.write(`\r\x1b[2K${bar}${text}`);
        drawn = true;
      } else {
        out.write(`import: ${pct === null ? '' : `${pct}% `}${text}\n`);
      }
    },
    done(s: ImportStats) {
      this.update(s, true);
      if (tty && drawn) out.write('\n');
    },
  };
}
