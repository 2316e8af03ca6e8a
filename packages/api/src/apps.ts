import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './envelope.js';

/**
 * The app owners' console (/v1/apps, MODERATION.md "Console"; server modules/apps). An app's `settings` are the comment
 * service's AppSettings, whose one definition is the comment service's own contract (@guffaw/comments-client, built
 * after this package): they are sent as the service reads them, and `S` types them where they are read.
 */
export const ConsoleApp = Type.Object({
  appId: Type.String(),
  name: Type.String(),
  allowedOrigins: Type.Array(Type.String()),
  settings: Type.Unknown({ description: "the comment service's AppSettings, sent as they are" }),
  /** ISO 8601. */
  createdAt: Type.String(),
  /** null for the main app, which admins manage. */
  owner: Nullable(Type.Object({ accountId: Type.String(), username: Type.String() })),
});
export type ConsoleApp<S = unknown> = Omit<Static<typeof ConsoleApp>, 'settings'> & { settings: S };

/** `username` for the main app's moderators, who are main-site accounts. */
export const ConsoleModerator = Type.Object({ accountId: Type.String(), name: Type.String(), username: Type.Optional(Type.String()) });
export type ConsoleModerator = Static<typeof ConsoleModerator>;

/** GET /v1/apps: the member's apps; an admin's are every app, the main app first. */
export const AppList = Type.Object({ apps: Type.Array(ConsoleApp) });
export type AppList<S = unknown> = { apps: ConsoleApp<S>[] };

/** POST /v1/apps: the new app and its secret, shown once. */
export const RegisteredApp = Type.Object({ app: ConsoleApp, secret: Type.String() });
export type RegisteredApp<S = unknown> = { app: ConsoleApp<S>; secret: string };

/** GET /v1/apps/{appId}: the app, its moderators, the embed snippet and the single sign-on example. */
export const AppDetails = Type.Object({ app: ConsoleApp, moderators: Type.Array(ConsoleModerator), snippet: Type.String(), ssoExample: Type.String() });
export type AppDetails<S = unknown> = Omit<Static<typeof AppDetails>, 'app'> & { app: ConsoleApp<S> };

/** PATCH /v1/apps/{appId}: the app as changed. */
export const AppUpdateReply = Type.Object({ app: ConsoleApp });
export type AppUpdateReply<S = unknown> = { app: ConsoleApp<S> };

/** POST /v1/apps/{appId}/rotate-secret: the new secret (the old one stops working). */
export const AppSecretReply = Type.Object({ secret: Type.String() });
export type AppSecretReply = Static<typeof AppSecretReply>;

/** POST /v1/apps/{appId}/moderators and DELETE /v1/apps/{appId}/moderators/{accountId}: the moderators after it. */
export const ModeratorsReply = Type.Object({ moderators: Type.Array(ConsoleModerator) });
export type ModeratorsReply = Static<typeof ModeratorsReply>;

/** A queue action (POST /v1/apps/{appId}/comments/{commentId}/{action}) or an unban, done. */
export const ConsoleDone = Type.Object({ ok: Type.Literal(true) });
export type ConsoleDone = Static<typeof ConsoleDone>;
