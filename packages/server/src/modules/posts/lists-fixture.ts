import { beforeEach, expect } from 'vitest';
import { useTestApp, type DatabaseKind, type TestApp } from '../../../test/harness.js';
import type { ListReply } from './list-page.js';
import { clearPosts, type TestUser } from './test-fixtures.js';

/** The setup the post lists test files share: one app per file, emptied of posts before each test, and its calls. */

export const HOUR = 3600;
export const DAY = 24 * HOUR;

export function useListsApp(kind: DatabaseKind) {
  const t: TestApp = useTestApp(kind);
  beforeEach(() => clearPosts(t.db));

  async function list(url: string, user?: TestUser, method: 'GET' | 'POST' = user ? 'POST' : 'GET'): Promise<ListReply> {
    const res = await t.app.inject({ method, url, ...(user ? { headers: user.headers } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { meta: { status: string }; data: ListReply };
    expect(body.meta.status).toBe('Success');
    return body.data;
  }

  /** Every page of a list, following `after`. */
  async function walk(url: string, user?: TestUser, between?: (page: number) => Promise<void>): Promise<string[]> {
    const ids: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page++) {
      const sep = url.includes('?') ? '&' : '?';
      const data: ListReply = await list(after ? `${url}${sep}after=${encodeURIComponent(after)}` : url, user);
      ids.push(...data.posts.map((p) => p.id));
      expect(data.after).toBe(data.nextCursor);
      if (!data.after) return ids;
      after = data.after;
      if (between) await between(page);
    }
    throw new Error('list never ended');
  }

  const vote = (user: TestUser, id: string, kind: 'like' | 'dislike' | 'unlike') =>
    t.app.inject({ method: 'POST', url: `/v1/vote/${kind}`, headers: user.headers, payload: { id } });

  return { t, list, walk, vote };
}
