import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, isHttpError } from './envelope.js';

/**
 * Input that no route can use is refused at the edge, before validation and handlers, with a 400 and a code: the
 * same check for every route, so no handler, query or log has to cope with it (issue #21: such input gave 500s).
 *
 * - JSON nested deeper than MAX_JSON_DEPTH: refused before JSON.parse, whose result every later step (schema
 *   validation, the NUL check, handlers) would walk recursively until the stack runs out. No body of ours nests
 *   more than a few levels.
 * - Numbers JSON cannot hold: `1e309` parses to Infinity, which no column or rule accepts.
 * - NUL characters (U+0000) in the query, path parameters or body, keys included: PostgreSQL text cannot store
 *   them and refuses the whole statement.
 * - A multipart body whose Content-Type has no boundary: it cannot be split into parts.
 */
export const MAX_JSON_DEPTH = 64;

export const INVALID_INPUT = 'INVALID_INPUT';
/** The comment service's documented code for NUL (modules/comments/README.md), used by both envelopes. */
export const INVALID_CHARACTERS = 'INVALID_CHARACTERS';

const NUL = 'contains a NUL character';

/** Depth of the deepest array or object in a JSON text, counted without parsing it (brackets in strings skipped). */
export function jsonDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) max = depth;
      if (max > stopAt) return max;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** The first thing in a parsed value that no route can take, as words for the reply; null when there is none. */
export function unusableInput(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\0') ? NUL : null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'contains a number out of range';
  if (value === null || typeof value !== 'object') return null;
  // Parsed JSON is at most MAX_JSON_DEPTH deep; anything else (query strings, forms) is flat.
  if (depth > MAX_JSON_DEPTH) return 'is nested too deeply';
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = unusableInput(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Bytes and streams (multipart files) are not text; query objects have a prototype-less prototype, so no
  // prototype test here.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0')) return NUL;
    const found = unusableInput(item, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * For multipart fields, which handlers read part by part after the edge checks: a field with NUL is refused like
 * the same text in a query or JSON body.
 */
export function refuseNul(value: string, field: string): string {
  if (value.includes('\0')) throw badRequest(INVALID_CHARACTERS, `The field "${field.replace(/\0/g, '').slice(0, 32)}" ${NUL}.`);
  return value;
}

const tooDeep = () => badRequest(INVALID_INPUT, `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`);

/**
 * Replaces the JSON body parser with one that measures the depth first, then parses as Fastify does (a body with
 * `__proto__` is refused, as by default).
 */
export function registerInputGuards(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return done(tooDeep(), undefined);
    parse(request, body as string, done);
  });

  app.addHook('preValidation', async (request) => {
    // Multipart bodies are read by the handlers; one without a boundary cannot be read at all.
    const type = request.headers['content-type'] ?? '';
    if (/^\s*multipart\//i.test(type) && !/;\s*boundary=/i.test(type)) throw badRequest(INVALID_INPUT, 'A multipart body needs a boundary in its Content-Type.');
    for (const [part, value] of [['query', request.query], ['address', request.params], ['body', request.body]] as const) {
      const problem = unusableInput(value);
      if (problem) throw badRequest(problem === NUL ? INVALID_CHARACTERS : INVALID_INPUT, `The request's ${part} ${problem}.`);
    }
  });
}

/** A data error of PostgreSQL (SQLSTATE class 22: value out of range, bad text, invalid date...). */
const isDataException = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
};

/** Errors of a malformed multipart body (busboy's, which carry no status code). */
const isMalformedMultipart = (error: unknown): boolean => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /^(Multipart: Boundary not found|Unexpected end of (form|multipart data)|Malformed part header|Malformed urlencoded form)/.test(message);
};

/**
 * The 4xx an error deserves when the client caused it, or null for a fault of ours (a 500). Route errors with a
 * 4xx status and validation errors are the client's; so are database data errors (class 22: only input values get
 * there, since every value we write ourselves is valid), invalid dates computed from input, and malformed bodies.
 */
export function clientFault(error: unknown): HttpError | null {
  if (isHttpError(error)) return error;
  const err = error as { validation?: unknown; statusCode?: unknown; code?: unknown; message?: unknown } | null;
  if (!err || typeof err !== 'object') return null;
  const message = typeof err.message === 'string' ? err.message : 'The request is not valid.';
  if (err.validation) return badRequest(INVALID_INPUT, message);
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return new HttpError(err.statusCode, typeof err.code === 'string' ? err.code : 'BAD_REQUEST', message);
  }
  if (isDataException(error)) return badRequest(INVALID_INPUT, 'A value in the request is not valid.');
  if (error instanceof RangeError && message === 'Invalid time value') return badRequest(INVALID_INPUT, 'A date or time in the request is not valid.');
  if (isMalformedMultipart(error)) return badRequest(INVALID_INPUT, `The form data is not valid: ${message}.`);
  return null;
}
