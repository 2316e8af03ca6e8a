import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './envelope.js';

/** shell-and-account.md §7 "Notifications": the list page and the read state. */

/** accountId '-1' means the user has no profile to link to (§3). */
export const NotificationUser = Type.Object({ username: Type.String(), accountId: Type.String(), avatarUrl: Type.String() });
export type NotificationUser = Static<typeof NotificationUser>;

export const NotificationImage = Type.Object({ url: Type.String(), webpUrl: Type.String() });
export type NotificationImage = Static<typeof NotificationImage>;

export const NotificationPost = Type.Object({
  id: Type.String(),
  title: Type.String(),
  type: Type.String(),
  url: Type.String(),
  images: Type.Object({ imageFbThumbnail: Nullable(NotificationImage) }),
});
export type NotificationPost = Static<typeof NotificationPost>;

export const NotificationItem = Type.Object({
  id: Type.String(),
  /** Kept as a string: a type this build does not know still shows its message. */
  type: Type.String(),
  /** Seconds since the epoch. */
  timestamp: Type.Integer(),
  url: Type.String(),
  title: Type.String(),
  message: Type.String(),
  /** The message with a `[username]` placeholder per named user, in the order of `users`. */
  wrapMessage: Type.String(),
  users: Type.Array(NotificationUser),
  post: Nullable(NotificationPost),
  suppData: Type.Object({ followedPageUrl: Type.Optional(Type.String()), image: Type.Optional(Type.String()) }),
  isRead: Type.Boolean(),
});
export type NotificationItem = Static<typeof NotificationItem>;

export const NotificationPage = Type.Object({
  items: Type.Array(NotificationItem),
  nextKey: Nullable(Type.String()),
  didEndOfList: Type.Boolean(),
  /** The items' posts by id. */
  posts: Type.Record(Type.String(), NotificationPost),
});
export type NotificationPage = Static<typeof NotificationPage>;

/** POST /v1/notifications: the page sits one level down (the client reads data.data). */
export const NotificationListReply = Type.Object({ data: NotificationPage });
export type NotificationListReply = Static<typeof NotificationListReply>;

/** POST /v1/notifications-read-state */
export const MarkReadReply = Type.Object({ updated: Type.Integer(), unreadCount: Type.Integer() });
export type MarkReadReply = Static<typeof MarkReadReply>;

/** GET|POST /v1/read-state.json, in the notification host's `{status, payload}` envelope. */
export const ReadState = Type.Object({ lastReadTimestamp: Type.Integer(), unreadCount: Type.Integer() });
export type ReadState = Static<typeof ReadState>;
