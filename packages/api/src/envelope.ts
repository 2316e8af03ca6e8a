import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** DESIGN.md: every main API reply is `{ meta, data }`; a failure carries its code and message in `meta`. */
export const ApiMeta = Type.Object({
  status: Type.Union([Type.Literal('Success'), Type.Literal('Failure')]),
  errorCode: Type.Optional(Type.String()),
  errorMessage: Type.Optional(Type.String()),
});
export type ApiMeta = Static<typeof ApiMeta>;

/** The reply schema of a route whose `data` is `data` (routes: `response: { 200: envelope(X) }`). */
export const envelope = <T extends TSchema>(data: T) => Type.Object({ meta: ApiMeta, data });
/** The type of such a reply, for code that handles any route's (the server's `success` and `failure`, the site's client). */
export type ApiReply<T> = { meta: ApiMeta; data: T };

/**
 * A field the server keeps as stored JSON and sends as it is (a post's images, video, article): typed by `schema` for
 * both sides, but serialized untouched, with its keys in their stored order. A reply schema that listed its fields
 * would drop any it does not name and reorder the rest (fast-json-stringify writes the schema's order).
 */
export const stored = <T extends TSchema>(_schema: T) => Type.Unsafe<Static<T>>(Type.Unknown({ description: 'stored JSON, sent as it is' }));

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
