/** What a reader makes of a file: records of comments, sections, users and moderators, or a skip with its reason. */

export type ImportAuthor = {
  /** Stable key of the author in the source (one app user per key). */
  key: string;
  name: string;
  /** The source's user id a sign-in's `sub` may match to claim the user ('' none). */
  claimId: string;
  /** Lower-cased e-mail a sign-in's `email` may match ('' none). */
  email: string;
  avatarUrl: string;
  profileUrl: string;
  /** Our own format: the user's external id as it was (the author is then that user, not an imported one). */
  externalId?: string;
};

export type ImportComment = {
  kind: 'comment';
  sourceId: string;
  url: string;
  parentSourceId: string | null;
  author: ImportAuthor;
  text: string;
  createdAt: Date;
  deleted: boolean;
  /** Spam, pending or unapproved: kept, hidden (moderators see and may unhide it). */
  hidden: boolean;
  /** Our own format only. */
  extra?: {
    commentId: string;
    isPinned: boolean;
    isSensitive: boolean;
    isOffensive: boolean;
    opStatus: number;
    type: string;
    media: unknown;
    attachments: unknown;
    mentionMapping: Record<string, string>;
    votes: [string, 1 | -1][];
    delegate: string | null;
  };
};
export type ImportSection = { kind: 'section'; url: string; locked?: boolean; status?: string; isForum?: boolean; opExternalId?: string | null };
export type ImportUser = {
  kind: 'user';
  externalId: string;
  displayName: string;
  avatarUrl: string;
  profileUrl: string;
  banned: boolean;
  claim: { id: string; email: string } | null;
};
export type ImportModerator = { kind: 'moderator'; externalId: string };
/** A record the reader could not use (the writer reports it). */
export type ImportSkip = { kind: 'skip'; sourceId: string; reason: string; detail: string };
export type ImportRecord = ImportComment | ImportSection | ImportUser | ImportModerator | ImportSkip;
