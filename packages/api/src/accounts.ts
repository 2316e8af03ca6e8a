import { Type, type Static } from '@sinclair/typebox';
import { MainUser } from './account.js';
import { Nullable } from './envelope.js';

/** Sign-in, the account's settings and its lists (shell-and-account.md §5-§8, comments.md §9; server modules/accounts). */

/** A call whose reply carries nothing but its success: logout, a forgotten password, a reset link's check, unlinking a provider, a user block. */
export const EmptyReply = Type.Object({});
export type EmptyReply = Static<typeof EmptyReply>;

/** POST /login (JSON): where to go now, and who logged in. */
export const LoginReply = Type.Object({ next: Type.String(), user: Type.Object({ username: Type.String(), userId: Type.String() }) });
export type LoginReply = Static<typeof LoginReply>;

/** POST /member/email-signup (JSON): "check your mail", whoever owns the email; the mailed link makes the account. */
export const SignupReply = Type.Object({ next: Type.String(), checkEmail: Type.Literal(true) });
export type SignupReply = Static<typeof SignupReply>;

/** POST /member/reset-password (JSON): the new password is set and the member logged in. */
export const ResetPasswordReply = Type.Object({ next: Type.String() });
export type ResetPasswordReply = Static<typeof ResetPasswordReply>;

/** POST /v1/settings: the user as changed; null with `deleted` once the account is deleted. */
export const SettingsReply = Type.Object({ user: Nullable(MainUser), deleted: Type.Optional(Type.Boolean()) });
export type SettingsReply = Static<typeof SettingsReply>;

export const BlockedUser = Type.Object({
  userId: Type.String(),
  accountId: Type.String(),
  username: Type.String(),
  fullName: Type.String(),
  avatarUrl: Type.String(),
});
export type BlockedUser = Static<typeof BlockedUser>;

/** POST /v1/user-block-list: a page of the member's blocked users. */
export const BlockListReply = Type.Object({ users: Type.Array(BlockedUser), didEndOfList: Type.Boolean() });
export type BlockListReply = Static<typeof BlockListReply>;

/** GET|POST /v1/email-notifications: the member's choice, and the address mail would go to (null: none). */
export const EmailNotificationsReply = Type.Object({
  mode: Type.Union([Type.Literal('immediately'), Type.Literal('digest'), Type.Literal('never')]),
  email: Nullable(Type.String()),
  emailVerified: Type.Boolean(),
});
export type EmailNotificationsReply = Static<typeof EmailNotificationsReply>;

/** POST|DELETE /v1/user-mute-list and /v1/block-tag: the list after the change. */
export const WordListReply = Type.Object({ list: Type.Array(Type.String()) });
export type WordListReply = Static<typeof WordListReply>;
