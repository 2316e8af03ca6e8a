import type { Generated, Int8, Json, Timestamp } from './columns.js';

/** The notifications and email modules' tables: notifications, read states, thread follows and the email digest queue. */

export interface EmailCursor {
  at: Timestamp;
  name: string;
}

export interface EmailItems {
  claimedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  excerpt: Generated<string>;
  id: Generated<Int8>;
  kind: string;
  message: Generated<string>;
  recipient: string;
  sentAt: Timestamp | null;
  source: string;
  stamp: Timestamp;
  url: Generated<string>;
}

export interface EmailSettings {
  mode: Generated<string>;
  recipient: string;
  updatedAt: Generated<Timestamp>;
}

export interface NotificationReadStates {
  lastReadAt: Generated<Timestamp>;
  userId: Int8;
}

export interface Notifications {
  actorIds: Generated<Json>;
  createdAt: Generated<Timestamp>;
  groupKey: string;
  id: Generated<Int8>;
  isRead: Generated<boolean>;
  message: Generated<string>;
  postId: string | null;
  suppData: Generated<Json>;
  title: Generated<string>;
  type: string;
  updatedAt: Generated<Timestamp>;
  url: Generated<string>;
  userId: Int8;
  wrapMessage: Generated<string>;
}

export interface ThreadFollows {
  followed: boolean;
  threadId: string;
  updatedAt: Generated<Timestamp>;
  userId: Int8;
}
