import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The operator scripts as an operator types them at the repository root (`npm run comments`, `seed`, `ads`): npm runs
 * them in packages/server, yet they must find the same DATA_DIR as `npm start`, answer --help without touching the
 * database, and say what to do when a server holds the embedded database.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const scratch = join(root, '.tmp');
mkdirSync(scratch, { recursive: true });
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory under the repository's .tmp/ (git-ignored), given to the scripts as a relative DATA_DIR. */
function dataDir(): { absolute: string; relativePath: string } {
  const absolute = mkdtempSync(join(scratch, 'scripts-test-'));
  made.push(absolute, join(root, 'packages/server', relative(root, absolute)));
  rmSync(absolute, { recursive: true });
  return { absolute, relativePath: relative(root, absolute) };
}

function npm(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // INIT_CWD is npm's own: the directory the command was typed in. Left from the test runner's npm, it would decide.
    const { INIT_CWD: _ignored, ...inherited } = process.env;
    const child = spawn('npm', ['run', '--silent', ...args], { cwd: root, env: { ...inherited, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('operator scripts at the repository root', () => {
  it('npm run comments resolves a relative DATA_DIR from the repository root, as npm start does', async () => {
    const dir = dataDir();
    const result = await npm(['comments', '--', 'app:create', '--name', 'Blog', '--origin', 'https://blog.example'], { DATA_DIR: dir.relativePath });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/appId:\s+app_/);
    expect(existsSync(join(dir.absolute, 'db'))).toBe(true);
    expect(existsSync(join(root, 'packages/server', dir.relativePath))).toBe(false);
  }, 60_000);

  it('answers --help on every command, without opening the database', async () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir.relativePath };
    for (const [args, words] of [
      [['comments', '--', '--help'], /app:create[\s\S]*mod:add[\s\S]*mod:remove/],
      [['comments', '--', 'help'], /app:create/],
      [['comments', '--', 'app:create', '--help'], /app:create --name NAME --origin URL/],
      [['comments', '--', 'mod:add', '-h'], /mod:add --app APP_ID --user/],
      [['ads', '--', '--help'], /campaign:add[\s\S]*campaign:list[\s\S]*campaign:remove/],
      [['ads', '--', 'campaign:list', '--help'], /campaign:list/],
      [['seed', '--', '--help'], /--force/],
    ] as const) {
      const result = await npm([...args], env);
      expect({ args, code: result.code, stderr: result.stderr }).toEqual({ args, code: 0, stderr: '' });
      expect(result.stdout).toMatch(/usage/);
      expect(result.stdout).toMatch(words);
    }
    expect(existsSync(dir.absolute)).toBe(false);
  }, 120_000);

  it('the server answers --help (npm start -- --help, npm run dev -- --help) before reading any setting', async () => {
    const dir = dataDir();
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/server.ts', '--help'], {
        cwd: root, env: { ...process.env, DATA_DIR: dir.absolute, PORT: 'not a port' }, stdio: ['ignore', 'pipe', 'inherit'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => resolve({ code, stdout }));
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/usage: npm start[\s\S]*DATA_DIR[\s\S]*npm run comments/);
    expect(existsSync(dir.absolute)).toBe(false);
  }, 60_000);

  it('says what to do when a server runs on the embedded database of that DATA_DIR', async () => {
    const dir = dataDir();
    mkdirSync(dir.absolute, { recursive: true });
    // A live process holds the lock: this test's own, as a running server's would.
    writeFileSync(join(dir.absolute, 'server.pid'), String(process.pid));
    for (const args of [
      ['comments', '--', 'app:create', '--name', 'Blog', '--origin', 'https://blog.example'],
      ['ads', '--', 'campaign:list'],
      ['seed'],
    ]) {
      const result = await npm(args, { DATA_DIR: dir.absolute });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`pid ${process.pid}`);
      expect(result.stderr).toContain(dir.absolute);
      expect(result.stderr).toMatch(/Stop the server/);
      expect(result.stderr).toMatch(/DATABASE_URL/);
    }
  }, 120_000);
});
