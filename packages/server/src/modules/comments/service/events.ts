/**
 * What the comment service publishes; app.ts subscribes the modules that react (the notifications module to
 * `comment.added`). Subscribers are called one after another; one that fails does not stop the others, and never
 * fails the comment (it was written before).
 */

/**
 * A comment of a hosted app (the main one) by one of its host's accounts, sent after the reply from the outbox row
 * written with it (durable, at least once: a repeat must be harmless). Account ids are the host's (users.user_id).
 */
export type CommentAdded = {
  appId: string;
  sectionUrl: string;
  /** The host's post the section shows, if any. */
  postId: string | null;
  commentId: string;
  /** The top-level comment's commentId (the comment's own when it is top-level). */
  threadId: string;
  /** Null for a top-level comment. */
  parentCommentId: string | null;
  text: string;
  /** The author as shown; null when posted as the anonymous OP (the actor stays hidden). */
  actorAccountId: string | null;
  /** Who posted it, also as the anonymous OP. */
  actorRealAccountId: string;
  actorName: string;
  /** The author of the parent comment (replies only; the section's OP for an anonymous OP parent). */
  parentAuthorAccountId: string | null;
  mentionedAccountIds: string[];
};

export type CommentEvents = { 'comment.added': CommentAdded };
export type CommentEventType = keyof CommentEvents;
export type CommentEventHandler<T extends CommentEventType> = (event: CommentEvents[T]) => Promise<unknown> | unknown;

export function createCommentEvents() {
  const handlers: { [T in CommentEventType]: CommentEventHandler<T>[] } = { 'comment.added': [] };
  return {
    /** Subscribes; returns the unsubscribe. */
    on<T extends CommentEventType>(type: T, handler: CommentEventHandler<T>): () => void {
      handlers[type].push(handler);
      return () => {
        handlers[type] = handlers[type].filter((h) => h !== handler) as never;
      };
    },
    /** Calls every subscriber of `type` in turn; their failures are theirs (caught here). */
    async emit<T extends CommentEventType>(type: T, event: CommentEvents[T]): Promise<void> {
      for (const handler of handlers[type] as CommentEventHandler<T>[]) {
        try {
          await handler(event);
        } catch {
          // A subscriber's failure never fails the comment, nor the other subscribers.
        }
      }
    },
  };
}

export type CommentEventBus = ReturnType<typeof createCommentEvents>;

/**
 * An outbox row's payload as an event. Rows keep the shape they were written in (older rows: `actorExternalId`
 * etc., migration 0007), so rows queued before an upgrade are still sent.
 */
export function commentAddedOf(payload: unknown): CommentAdded | null {
  const p = (payload ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const appId = str(p.appId);
  const commentId = str(p.commentId);
  const actorRealAccountId = str(p.actorRealExternalId);
  if (!appId || !commentId || !actorRealAccountId) return null;
  return {
    appId,
    sectionUrl: str(p.sectionUrl) ?? '',
    postId: str(p.postId),
    commentId,
    threadId: str(p.threadId) ?? commentId,
    parentCommentId: str(p.parentCommentId),
    text: str(p.text) ?? '',
    actorAccountId: str(p.actorExternalId),
    actorRealAccountId,
    actorName: str(p.actorName) ?? '',
    parentAuthorAccountId: str(p.parentAuthorExternalId),
    mentionedAccountIds: Array.isArray(p.mentionedExternalIds) ? p.mentionedExternalIds.filter((x): x is string => typeof x === 'string') : [],
  };
}
