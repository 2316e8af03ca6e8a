import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database allows one process per DATA_DIR: a second one would corrupt it. A pid file taken with
 * O_EXCL says who holds it; a stale file (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void } | { heldBy: number } {
  const file = join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return { release: () => rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) return { heldBy: pid };
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What an operator command says when a server holds DATA_DIR's embedded database: what it is, then what to do.
 * `command` is the command as typed, to run again once the server is stopped.
 */
export function dataDirInUse(dataDir: string, pid: number, command: string): string {
  return [
    `the server (pid ${pid}) is running on the embedded database in ${dataDir}, which one process at a time may open.`,
    `  Stop the server (Ctrl+C in its terminal, or \`kill ${pid}\`), run \`${command}\` again, then start the server again.`,
    '  To run this while the server runs, run both on PostgreSQL: set the same DATABASE_URL for the server and for this command.',
  ].join('\n');
}
