import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
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
 * port, with the given buckets. The media code talks to it through the AWS SDK as it would to AWS, R2 or MinIO.
 */
export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'guffaw-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
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
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
