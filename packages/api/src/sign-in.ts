import { Type, type Static } from '@sinclair/typebox';

/** shell-and-account.md §5: the social sign-in providers. */
export const AUTH_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export const AuthProvider = Type.Union(AUTH_PROVIDERS.map((p) => Type.Literal(p)));
export type AuthProvider = Static<typeof AuthProvider>;

/** GET /v1/auth-providers: the providers this server has configured (none shows no social sign-in). */
export const AuthProvidersReply = Type.Object({ providers: Type.Array(AuthProvider) });
export type AuthProvidersReply = Static<typeof AuthProvidersReply>;
