import type { Generated, Int8, Timestamp } from '../../../db/schema.js';

/** The tables an import remembers what it wrote in (0020-comment-imports), added to the database's types. */

export interface CommentImportItems {
  appId: string;
  source: string;
  sourceId: string;
  commentId: Int8 | null;
  createdAt: Generated<Timestamp>;
}
export interface CommentImportUsers {
  appId: string;
  source: string;
  sourceKey: string;
  userId: Int8;
  claimId: string | null;
  claimEmail: string | null;
  claimedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
}

declare module '../../../db/schema.js' {
  interface DB {
    commentImportItems: CommentImportItems;
    commentImportUsers: CommentImportUsers;
  }
}
