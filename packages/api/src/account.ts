import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './envelope.js';

/** shell-and-account.md §3 "User info" and comments.md §3 main user: POST /v1/user-info. Flags are booleans; times unix seconds. */

export const MainUser = Type.Object({
  userId: Type.String(),
  accountId: Type.String(),
  hashId: Type.String(),
  username: Type.String(),
  fullName: Type.String(),
  emojiStatus: Type.String(),
  email: Nullable(Type.String()),
  pendingEmail: Nullable(Type.String()),
  hasPassword: Type.Boolean(),
  fbConnected: Type.Boolean(),
  googleConnected: Type.Boolean(),
  appleConnected: Type.Boolean(),
  safeMode: Type.Boolean(),
  nsfwMode: Type.Boolean(),
  offensiveMode: Type.Boolean(),
  /** null follows the system (shell §4 "Dark mode"). */
  darkMode: Nullable(Type.Boolean()),
  about: Type.String(),
  country: Type.String(),
  location: Type.String(),
  profileUrl: Type.String(),
  avatarUrl: Type.String(),
  gender: Type.String(),
  /** YYYY-MM-DD. */
  birthday: Nullable(Type.String()),
  isActivePro: Type.Boolean(),
  isActiveProPlus: Type.Boolean(),
  isVerifiedAccount: Type.Boolean(),
  isVerified: Type.Object({ email: Type.Boolean(), age: Type.Boolean() }),
  initialFollowFinished: Type.Boolean(),
  /** comments.md §3: replying follows the thread (default on); the comment service applies it. */
  autoFollowThreadReply: Type.Boolean(),
  creationTs: Type.Number(),
  activeTs: Nullable(Type.Number()),
  uploadTs: Nullable(Type.Number()),
  preferences: Type.Object({ hideFromRobots: Type.Boolean(), creatorUpdateStatus: Type.Unknown() }),
  proSettings: Type.Object({ hideAds: Type.Boolean(), hidePromotedPosts: Type.Boolean() }),
  membership: Type.Object({ purchaseTs: Nullable(Type.Number()) }),
  /** The comment service token for this user (DESIGN.md single sign-on); null while the main app has no secret. */
  commentAuth: Nullable(Type.String()),
  notiOptions: Type.Object({ channels: Type.Array(Type.String()), readStateParams: Type.String() }),
  restricted: Type.Boolean(),
  dataRequest: Type.Null(),
  subscribe: Type.Object({ news: Type.Boolean() }),
  idService: Type.Object({ optOut: Type.Boolean(), hashedRecords: Type.Array(Type.Object({ type: Type.String(), value: Type.String() })) }),
  hashedEmail: Nullable(Type.String()),
  moonit: Type.Object({ eligible: Nullable(Type.Boolean()), referralCode: Nullable(Type.String()) }),
  /** A proof-of-work challenge (ALTCHA's fields and `expires`), sent as the library writes it. */
  wp: Type.Unknown(),
});
export type MainUser = Static<typeof MainUser>;

export const UserInfo = Type.Object({
  /** null for a guest, with empty collections. */
  user: Nullable(MainUser),
  votes: Type.Record(Type.String(), Type.Union([Type.Literal(-1), Type.Literal(0), Type.Literal(1)])),
  saves: Type.Array(Type.String()),
  uploads: Type.Array(Type.String()),
  reports: Type.Array(Type.String()),
  /** Post id to block type (`post` or `comments`). */
  blockPosts: Type.Record(Type.String(), Type.String()),
  muteList: Type.Array(Type.String()),
  blockTags: Type.Array(Type.String()),
  blocklistIds: Type.Array(Type.String()),
});
export type UserInfo = Static<typeof UserInfo>;
