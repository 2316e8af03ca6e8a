/**
 * Every notification type of shell-and-account.md §3, with its message template and grouping rule.
 *
 * Messages come in two forms: `wrapMessage` keeps a `[username]` placeholder per named user (the site replaces each,
 * in order, by a profile link to `users[i]`), and `message` is the same sentence in plain text with the names filled in.
 * Both are plain text, never HTML.
 */

export const NOTIFICATION_TYPES = [
  'UPVOTE',
  'FEATURED',
  'COMMENT',
  'COMMENT_REPLY',
  'COMMENT_UPVOTE',
  'COMMENT_MENTION',
  'COMMENT_PIN',
  'MILESTONE_POST_UPVOTE',
  'MILESTONE_POST_COMMENT',
  'MILESTONE_COMMENT_UPVOTE',
  'MILESTONE_COMMENT_REPLY',
  'MILESTONE_OVERALL_UPVOTE',
  'MILESTONE_OVERALL_COMMENT',
  'FOLLOW_THREAD',
  'SYSTEM',
  'USER',
  'FOLLOWED_PAGE',
  'AWARD_RECEIVE',
  'AWARD_SEND',
  'FOLLOW_USER_UPLOAD',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** shell-and-account.md §2: the Mentions tab shows only these. */
export const MENTION_TYPES: readonly NotificationType[] = ['COMMENT', 'COMMENT_REPLY', 'COMMENT_MENTION'];

/** shell-and-account.md §3: the types shown with the actor's avatar. */
export const AVATAR_TYPES: readonly NotificationType[] = [
  'UPVOTE',
  'COMMENT',
  'COMMENT_REPLY',
  'COMMENT_UPVOTE',
  'COMMENT_MENTION',
  'COMMENT_PIN',
  'FOLLOW_THREAD',
  'USER',
  'AWARD_SEND',
  'AWARD_RECEIVE',
  'FOLLOW_USER_UPLOAD',
];

/** What a template may use besides the actors: the milestone reached, or the followed page's name. */
export type TemplateContext = { count?: number; pageName?: string };

type Template = {
  /** Whether the notification names the users who caused it (and so groups them). */
  actors: boolean;
  /**
   * Whether the same actor acting again brings the notification back to the top as unread. True where each repeat is
   * new content (another reply); false for toggles (a vote undone and redone), so nobody can spam a user with them.
   */
  repeatBumps: boolean;
  /** `who` is the actor phrase with placeholders: "[username]", "[username] and [username]", "[username] and 4 others". */
  text(who: string, ctx: TemplateContext): string;
};

const n = (count: number | undefined) => (count ?? 0).toLocaleString('en-US');

export const TEMPLATES: Record<NotificationType, Template> = {
  UPVOTE: { actors: true, repeatBumps: false, text: (who) => `${who} upvoted your post.` },
  FEATURED: { actors: false, repeatBumps: true, text: () => 'Your post is featured on Hot.' },
  COMMENT: { actors: true, repeatBumps: true, text: (who) => `${who} commented on your post.` },
  COMMENT_REPLY: { actors: true, repeatBumps: true, text: (who) => `${who} replied to your comment.` },
  COMMENT_UPVOTE: { actors: true, repeatBumps: false, text: (who) => `${who} upvoted your comment.` },
  COMMENT_MENTION: { actors: true, repeatBumps: true, text: (who) => `${who} mentioned you in a comment.` },
  COMMENT_PIN: { actors: true, repeatBumps: false, text: (who) => `${who} pinned your comment.` },
  MILESTONE_POST_UPVOTE: { actors: false, repeatBumps: false, text: (_, c) => `Your post reached ${n(c.count)} upvotes.` },
  MILESTONE_POST_COMMENT: { actors: false, repeatBumps: false, text: (_, c) => `Your post reached ${n(c.count)} comments.` },
  MILESTONE_COMMENT_UPVOTE: { actors: false, repeatBumps: false, text: (_, c) => `Your comment reached ${n(c.count)} upvotes.` },
  MILESTONE_COMMENT_REPLY: { actors: false, repeatBumps: false, text: (_, c) => `Your comment reached ${n(c.count)} replies.` },
  MILESTONE_OVERALL_UPVOTE: {
    actors: false,
    repeatBumps: false,
    text: (_, c) => `Your posts have received ${n(c.count)} upvotes in total.`,
  },
  MILESTONE_OVERALL_COMMENT: {
    actors: false,
    repeatBumps: false,
    text: (_, c) => `Your posts have received ${n(c.count)} comments in total.`,
  },
  FOLLOW_THREAD: { actors: true, repeatBumps: true, text: (who) => `${who} replied to a thread you follow.` },
  // SYSTEM carries its own text (NotifyInput.message); this is only its fallback.
  SYSTEM: { actors: false, repeatBumps: true, text: () => 'You have a new message.' },
  USER: { actors: true, repeatBumps: false, text: (who) => `${who} started following you.` },
  FOLLOWED_PAGE: { actors: false, repeatBumps: true, text: (_, c) => `New posts in ${c.pageName ?? 'a page you follow'}.` },
  AWARD_RECEIVE: { actors: true, repeatBumps: false, text: (who) => `${who} sent Cheers to your post.` },
  // The actor of AWARD_SEND is the post's creator: the sender sees whom they cheered.
  AWARD_SEND: { actors: true, repeatBumps: false, text: (who) => `You sent Cheers to ${who}'s post.` },
  FOLLOW_USER_UPLOAD: { actors: true, repeatBumps: true, text: (who) => `${who} posted something new.` },
};

export const USERNAME_PLACEHOLDER = '[username]';

/** "[username]", "[username] and [username]", "[username] and 3 others": at most two names, then a count. */
export function actorPhrase(actorCount: number): string {
  if (actorCount <= 1) return USERNAME_PLACEHOLDER;
  if (actorCount === 2) return `${USERNAME_PLACEHOLDER} and ${USERNAME_PLACEHOLDER}`;
  const others = actorCount - 1;
  return `${USERNAME_PLACEHOLDER} and ${others.toLocaleString('en-US')} others`;
}

/** Replaces each placeholder, in order, by the next name (a missing name reads "someone"). */
export function fillPlaceholders(wrapMessage: string, names: readonly string[]): string {
  let i = 0;
  return wrapMessage.replaceAll(USERNAME_PLACEHOLDER, () => names[i++] ?? 'someone');
}

/**
 * Milestone thresholds (our choice; the spec names the milestones, not the numbers). A milestone fires once per subject
 * when its count reaches a threshold exactly; counts going down and up again never repeat it.
 */
export const MILESTONES = {
  MILESTONE_POST_UPVOTE: [10, 50, 100, 500, 1_000, 5_000, 10_000, 50_000, 100_000],
  MILESTONE_POST_COMMENT: [10, 50, 100, 500, 1_000, 5_000],
  MILESTONE_COMMENT_UPVOTE: [10, 50, 100, 500, 1_000, 5_000],
  MILESTONE_COMMENT_REPLY: [10, 50, 100, 500],
  MILESTONE_OVERALL_UPVOTE: [100, 1_000, 10_000, 100_000, 1_000_000],
  MILESTONE_OVERALL_COMMENT: [100, 1_000, 10_000, 100_000],
} as const satisfies Partial<Record<NotificationType, readonly number[]>>;

export type MilestoneType = keyof typeof MILESTONES;

export function isMilestone(type: MilestoneType, count: number): boolean {
  return (MILESTONES[type] as readonly number[]).includes(count);
}
