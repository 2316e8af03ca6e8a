import { badRequest } from '../../../lib/envelope.js';
import { MAX_PAGE_COUNT } from '../service/types.js';

/** If-None-Match against our strong ETag: one tag, a list, or `*` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export function snake(field: string): string {
  return field.replace(/^_/, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

export function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\0');
  if (Array.isArray(v)) return v.some(hasNul);
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('\0') || hasNul(x));
  return false;
}

export function parseUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    return raw;
  } catch {
    throw badRequest('INVALID_URL', 'url must be an http or https URL.');
  }
}

/** Ajv coerces '1e309' and 'Infinity' to Infinity and lets it through `integer` and `maximum`: check it here. */
export function parseCount(count: number): number {
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_PAGE_COUNT) throw badRequest('INVALID_COUNT', `count must be an integer from 1 to ${MAX_PAGE_COUNT}.`);
  return count;
}

export function parseAttachments(raw: string | undefined): { type: 'userMedia' | 'link'; token: string }[] {
  if (raw === undefined || raw.trim() === '') return [];
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw badRequest('INVALID_ATTACHMENTS', 'attachments must be a JSON array of {type, token}.');
  }
  if (!Array.isArray(v)) throw badRequest('INVALID_ATTACHMENTS', 'attachments must be a JSON array of {type, token}.');
  return v.map((a: unknown) => {
    const { type, token } = (a ?? {}) as { type?: unknown; token?: unknown };
    if ((type !== 'userMedia' && type !== 'link') || typeof token !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(token)) {
      throw badRequest('INVALID_ATTACHMENTS', 'Each attachment needs a type (userMedia or link) and a token.');
    }
    return { type, token };
  });
}

export function parseReportData(raw: string | undefined): { reason: number; text: string } {
  if (raw === undefined || raw === '') return { reason: 0, text: '' };
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw badRequest('INVALID_USER_REPORT_DATA', 'userReportData must be JSON: {"reason": number, "text"?: string}.');
  }
  const { reason, text } = (v ?? {}) as { reason?: unknown; text?: unknown };
  if (typeof v !== 'object' || v === null || !Number.isInteger(reason) || (reason as number) < 0 || (reason as number) > 1000) {
    throw badRequest('INVALID_USER_REPORT_DATA', 'userReportData needs an integer reason.');
  }
  if (text !== undefined && (typeof text !== 'string' || text.length > 1000)) {
    throw badRequest('INVALID_USER_REPORT_DATA', 'userReportData text must be a string of at most 1000 characters.');
  }
  return { reason: reason as number, text: (text as string | undefined) ?? '' };
}
