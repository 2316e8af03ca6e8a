/**
 * Wire types of the comment service. The server imports these too (type-only), so the two sides
 * cannot drift. Timestamps are unix seconds.
 */

export type SortType = 'hot' | 'new' | 'old';
export type LikeValue = 1 | -1 | 0;

export type CommentUserPreferences = {
  hideProBadge: boolean;
  hideActiveTs: boolean;
  accentColor: string;
  backgroundColor: string;
};

export type CommentUser = {
  userId: string;
  accountId: string;
  avatarUrl: string;
  displayName: string;
  emojiStatus: string;
  country: string;
  /** Kept only when it contains /u/; otherwise '' and the user has no link. */
  profileUrl: string;
  timestamp: number;
  activeTs: number;
  isActivePro: boolean;
  isActiveProPlus: boolean;
  isVerifiedAccount: boolean;
  preferences: CommentUserPreferences;
};

export type MediaImage = { url: string; webpUrl?: string; width: number; height: number };
export type MediaVideo = { url: string; type: 'video/mp4' | 'video/webm'; width: number; height: number; duration?: number };

export type MediaItem = {
  type: 'static' | 'animated';
  image: MediaImage;
  imageXLarge?: MediaImage;
  /** Animated media: the looping clip (mp4 or webm) shown instead of the still image. */
  animated?: MediaVideo;
  video?: MediaVideo;
};

export type LinkPreview = { url: string; title: string; description: string; imageUrl: string; siteName: string };

/** What media.json and link-attachment.json return, and what add-comment.json takes back by token. */
export type Attachment =
  | { type: 'userMedia'; token: string; media: MediaItem }
  | { type: 'link'; token: string; link: LinkPreview };

export type AttachmentRef = { type: Attachment['type']; token: string };

export type Comment = {
  commentId: string;
  text: string;
  mediaText: string;
  user: CommentUser;
  type: 'text' | 'userMedia';
  level: 1 | 2;
  media: MediaItem[];
  /** Link attachments (apps other than the main one detect links in the text). */
  links: LinkPreview[];
  /** @name in the text -> profile url of that user. */
  mentionMapping: Record<string, string>;
  /** commentId of the parent (level 2), else null. */
  parent: string | null;
  permalink: string;
  /** commentId of the top-level comment this one belongs to (itself for level 1). */
  threadId: string;
  timestamp: number;
  isVoteMasked: boolean;
  likeCount: number;
  dislikeCount: number;
  /** 1 = pinned. */
  isPinned: 0 | 1;
  childrenTotal: number;
  childrenUrl: string;
  isCollapsed: boolean;
  isDeleted: boolean;
  isSensitive: boolean;
  isOffensive: boolean;
  /** Hidden by a moderator or by its OP: shown only to moderators (with this flag) and never to others. */
  isHidden: boolean;
  /** 2 = anonymous OP. 1 = OP, not anonymous. 0 = anyone else. */
  opStatus: 0 | 1 | 2;
  /**
   * Held for review: only its author and moderators see it; the widget marks it
   * "Awaiting approval". Absent (or false) for every other comment.
   */
  isHeld?: boolean;
  /** Why it is held, when `isHeld`. */
  heldReason?: HeldReason;
};

export type HeldReason = 'premoderation' | 'new-user' | 'links' | 'spam' | 'reports';

export type CommentPage = {
  url: string;
  /** Section status set by moderators ('open' unless changed). */
  status: string;
  lock: boolean;
  /** Comments in the section (both levels, not deleted). */
  total: number;
  comments: Comment[];
  prev: string | null;
  next: string | null;
  refresh: string | null;
  /** Thread view: the top-level comment whose replies these are. */
  parent: Comment | null;
  level: 1 | 2;
};

export type Quota = {
  /** Comments the user may still post now; posting needs count > 0. */
  count: number;
  /** Seconds until the quota refills when count is 0, else 0. */
  wait: number;
  /** Unix seconds when the current quota window ends. */
  expiry: number;
};

export type AddCommentResult = {
  comment: Comment;
  /** The section url the comment was added to. */
  postId: string;
  quota: Quota;
  total: number;
  wpTraceId: string;
  /**
   * Replies by a main-site account in the main app: whether the replier follows the thread now, and whether this
   * reply made them (their autoFollowThreadReply setting). Absent elsewhere.
   */
  threadFollowed?: boolean;
  autoFollowed?: boolean;
};

/** A ban in force: its reason and end (null: forever). */
export type BanInfo = { reason: string; until: string | null };

/** `ban`: set while the user is banned (`banned` true); an ended ban counts as none. */
export type CommentUserInfo = CommentUser & { moderate: boolean; banned: boolean; ban?: BanInfo };

export type CommentUserState = {
  info: CommentUserInfo;
  commentedPostUrls: string[];
  reportedPostUrls: string[];
  likeMapping: Record<string, LikeValue>;
  quota: Quota;
  /** Apps other than the main one: the members the user blocked, newest first (the main site's come from its own API). */
  blocklist?: BlockedAccount[];
};

/** A blocked member: the host's user id (a comment user's `accountId`) and the name shown. */
export type BlockedAccount = { accountId: string; name: string };

export type CommentAppInfo = {
  appId: string;
  name: string;
  auth: boolean;
  cdnHost: string;
  host: string;
  maxMessageLength: number;
  anonymousAvatarUrl: string;
};

/** The comment service's reply envelope. */
export type CommentServiceReply<T> = { status: 'OK' | 'ERROR'; code?: string; error?: string; payload: T };

export type ListParams = {
  url: string;
  type?: SortType;
  count?: number;
  /** Thread view: the anchor comment (level 2 loads replies of its thread around it). */
  commentId?: string;
  level?: 1 | 2;
  next?: string;
  prev?: string;
  refresh?: string;
};

export type AddCommentParams = {
  url: string;
  text: string;
  attachments?: AttachmentRef[];
  /** Reply without reloading the thread's latest replies. */
  replyThreadOnly?: boolean;
  /** commentId being replied to. */
  parent?: string;
  /** Proof that the user is the OP of `url`; the comment is posted as anonymous OP (opStatus 2). */
  opToken?: string;
  delegateUserId?: string;
};

export type ReportData = { reason: number; text?: string };
export type SectionUpdate = { lock?: boolean; status?: string };
/** Email notifications of replies to the user's comments: how often they are mailed, and where (null: no address). */
export type EmailMode = 'immediately' | 'digest' | 'never';
export type EmailNotificationSettings = { mode: EmailMode; email: string | null };

/** Moderation: app settings, the queue, bans and the audit log. */
export type AppSettings = {
  /** 'first': a user's comments are held until one of theirs is approved. */
  premoderation: 'off' | 'first' | 'all';
  /** 1..100: distinct open reports that hide a comment. */
  reportThreshold: number;
  defaultSectionStatus: 'open' | 'closed';
  allowedMedia: ('static' | 'animated' | 'video')[];
  linkAttachments: boolean;
};

export type QueueView = 'reported' | 'held' | 'recent';
export type QueueSort = 'newest' | 'reports';
export type QueueParams = { view?: QueueView; sort?: QueueSort; cursor?: string; count?: number };

export type QueueItem = {
  /** The comment as a moderator sees it (isHidden, isHeld, heldReason). */
  comment: Comment;
  /** The section url (the page the comment is on). */
  url: string;
  reports: { count: number; reasons: Record<string, number>; latest: { reason: number; text: string; at: string }[] };
  author: { userId: string; accountId: string; name: string; avatarUrl: string; banned: boolean; bannedUntil: string | null };
};

export type QueuePage = { items: QueueItem[]; next: string | null; counts: { reported: number; held: number } };

export type BanDuration = '1d' | '7d' | 'forever';
export type BanParams = { reason?: string; duration?: BanDuration };
export type BanResult = { userId: string; banned: true; until: string | null; reason: string };

export type BanEntry = {
  userId: string;
  accountId: string;
  name: string;
  avatarUrl: string;
  reason: string;
  bannedAt: string;
  until: string | null;
  bannedBy: string;
};
export type BanPage = { bans: BanEntry[]; next: string | null };

export type LogEntry = {
  id: string;
  at: string;
  actor: { kind: string; id: string | null; name: string };
  action: string;
  commentId: string | null;
  target: { userId: string; name: string } | null;
  url: string | null;
  detail: Record<string, unknown>;
};
export type LogPage = { entries: LogEntry[]; next: string | null };

/** The comment frame's colour scheme (the embed page's `theme`, and the loader's messages). */
export type EmbedTheme = 'light' | 'dark';

/** What the frame page (/embed-comment/{postId}, /embed/comments) holds in a JSON script tag for the first render and hydration. */
export type FrameData = {
  appId: string;
  /** The thread's canonical url. */
  url: string;
  /** Origin of the comment service. */
  host: string;
  theme: EmbedTheme;
  /** Forum posts say Answers. */
  isForum: boolean;
  /** The reader's language as the host page gave it (data-lang, else its <html lang>); English when absent. */
  lang?: string | undefined;
  /** The host page's origin (messages go only there); null when the page is opened on its own. */
  parentOrigin: string | null;
  /**
   * The product's login page for a popup, when the thread's members are the product's own (its own comment app);
   * null for a third-party app, whose host signs its users in (login-request, then an auth message).
   */
  login: string | null;
  /** The first page of the hot list, or null when it could not be read (the frame then loads it itself). */
  page: CommentPage | null;
  /** Unix ms when the page was read (the list cache's clock starts there). */
  readAt: number;
  /** A product post that takes anonymous OP comments: its uploader, signed in with the OP token, may post as OP. */
  canAnonymous?: boolean;
};
