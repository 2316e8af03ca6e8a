import { Value } from '@sinclair/typebox/value';
import { envelope } from '@guffaw/api';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../src/config.js';
import type { Database } from '../src/db/index.js';
import type { TestUser } from '../src/modules/posts/test-fixtures.js';
import { createTestApp, type DatabaseKind } from './harness.js';

export type ContractCall = {
  method?: 'GET' | 'POST' | 'DELETE' | 'PATCH';
  url: string;
  user?: TestUser;
  payload?: Record<string, unknown> | Buffer | string;
  headers?: Record<string, string>;
};

export type ContractApp = {
  app: FastifyInstance;
  db: Database;
  /** Calls a typed route; checks its reply's bytes against the handler's value and its contents against `schema`. */
  typed(schema: TSchema, options: ContractCall): Promise<{ data: never }>;
  close(): Promise<void>;
};

/**
 * An app for the @guffaw/api contract tests: it records what each handler returned, by the test's call number (header
 * x-contract-call), before serialization. A reply schema serializes with fast-json-stringify, which drops any field it
 * does not list and writes fields in its own order: `typed` fails on either, and on a reply outside its schema.
 */
export async function startContractApp(kind: DatabaseKind, overrides: Partial<Config> = {}): Promise<ContractApp> {
  const returned = new Map<string, string>();
  const { app, db, close } = await createTestApp(kind, overrides, {
    beforeReady: (built) =>
      built.addHook('preSerialization', async (request, _reply, payload) => {
        returned.set(String(request.headers['x-contract-call']), JSON.stringify(payload));
        return payload;
      }),
  });

  let calls = 0;
  async function typed(schema: TSchema, options: ContractCall) {
    const call = String(++calls);
    const res = await app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      headers: { ...options.headers, ...options.user?.headers, 'x-contract-call': call },
      ...(options.payload ? { payload: options.payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = returned.get(call);
    expect(sent, 'the handler ran').toBeDefined();
    expect(res.body).toBe(sent);
    const body: unknown = JSON.parse(res.body);
    expect([...Value.Errors(envelope(schema), body)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
    return body as { data: never };
  }

  return { app, db, typed, close };
}
