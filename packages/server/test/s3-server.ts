import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { MediaStoreConfig } from '../src/config.js';

export type S3Server = {
  endpoint: string;
  /** The store settings of a bucket on this server (created empty), as MEDIA_STORE, S3_ENDPOINT and AWS_* give them. */
  store(bucket: string, prefix?: string): Extract<MediaStoreConfig, { kind: 's3' }>;
  /** The same as environment variables, for the CLI. */
  env(bucket: string, prefix?: string): Record<string, string>;
  close(): Promise<void>;
};

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3 API server (s3rver: the S3 REST protocol over HTTP, objects in a temporary folder) on a free loopback
 * port, with the given buckets, in a child process (test/s3rver-process.mjs says why). The media code talks to it
 * through the AWS SDK as it would to AWS, R2 or MinIO.
 */
export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'guffaw-s3-'));
  const script = join(import.meta.dirname, 's3rver-process.mjs');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', script, directory, ...buckets], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver ended (${code}) before listening: ${out}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    store: (bucket, prefix = '') => ({
      kind: 's3',
      bucket,
      prefix: prefix ? `${prefix.replace(/\/$/, '')}/` : '',
      endpoint,
      region: 'us-east-1',
      credentials: CREDENTIALS,
    }),
    env: (bucket, prefix = '') => ({
      MEDIA_STORE: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      AWS_REGION: 'us-east-1',
    }),
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
