import { useCallback, useEffect, useRef, useState } from 'react';
import { postPath, type Post } from '../feed/post-types';
import { isApiFailure } from '../lib/api';
import { getPollResults, sendPollVote } from '../lib/endpoints/poll';
import { Link } from '../router';
import { requireMember } from '../ui/modals';
import { showToast } from '../ui/toasts';
import { selectIsLoggedIn, useUser } from '../user';
import {
  isEnded, nextRefreshDelay, percentOf, POLL_CLOCK_MS, POLL_REFRESH_START_MS, POLL_VIEW_MARGIN, POLL_VIEW_THRESHOLD, resultsChanged,
  timeRemaining, totalVotes, VOTE_FAILED, VOTE_THREW, withVote, formatVotes, type PollResults,
} from './poll-rules';
import styles from './poll.module.css';

/** The poll a post carries (server service.ts `polling`): option texts and the end in seconds. */
export type PollData = { options: { text: string }[]; endTs: number };
export type PollPost = Pick<Post, 'id' | 'postUrl'> & { polling?: PollData | null };

type PollProps = {
  post: PollPost;
  /** Votes are taken on the main post only (§5); in lists an option opens the post. */
  main: boolean;
  feedId?: string;
  feedSource?: string;
};

/** §7: GET for visitors, POST for members (their own choice comes back). */
async function fetchResults(postId: string, member: boolean, signal: AbortSignal): Promise<PollResults> {
  return (await getPollResults(postId, member, signal)).poll;
}

/**
 * posts-and-feeds.md §4 Poll: options, then votes and rounded percentages once voted or ended; results refresh while
 * the poll is in view on the §4 schedule and stop at the end; a vote is optimistic and reverted on failure.
 */
export function Poll({ post, main, feedId = 'post', feedSource = 'post-view' }: PollProps) {
  const member = useUser(selectIsLoggedIn);
  const [results, setResults] = useState<PollResults | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [inView, setInView] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef<PollResults | null>(null);
  const voting = useRef(false);
  const delay = useRef(POLL_REFRESH_START_MS);
  const show = useCallback((next: PollResults) => {
    latest.current = next;
    setResults(next);
  }, []);

  const endsAt = results?.ends_at ?? post.polling?.endTs ?? 0;
  const ended = isEnded(endsAt, now);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)), {
      threshold: POLL_VIEW_THRESHOLD,
      rootMargin: POLL_VIEW_MARGIN,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!inView) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = async () => {
      const first = latest.current === null;
      try {
        const next = await fetchResults(post.id, member, controller.signal);
        if (controller.signal.aborted) return;
        const changed = resultsChanged(latest.current, next);
        // A vote on its way wins over a refresh that left before it.
        if (!voting.current) show(next);
        if (!first) delay.current = nextRefreshDelay(delay.current, changed);
        if (isEnded(next.ends_at, Date.now())) return;
      } catch (error) {
        if (controller.signal.aborted) return;
        // §8: a failed results fetch is logged only.
        console.warn('Poll results failed', isApiFailure(error) ? error.code : error);
      }
      schedule();
    };
    // The last refresh is at the end, for the final results; none after.
    const schedule = () => {
      const endsIn = (latest.current?.ends_at ?? Infinity) * 1000 - Date.now();
      timer = setTimeout(() => void load(), Math.max(0, Math.min(delay.current, endsIn)));
    };
    if (latest.current === null) void load();
    else if (!isEnded(latest.current.ends_at, Date.now())) schedule();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [inView, post.id, member, show]);

  useEffect(() => {
    if (ended) return;
    const clock = setInterval(() => setNow(Date.now()), POLL_CLOCK_MS);
    return () => clearInterval(clock);
  }, [ended]);

  const vote = async (option: number) => {
    if (!requireMember('vote_poll', postPath(post))) return;
    const before = latest.current;
    if (!main || !before || before.user_voted_option !== null || isEnded(before.ends_at, Date.now())) return;
    voting.current = true;
    show(withVote(before, option));
    try {
      const reply = await sendPollVote({ entryId: post.id, feedId, feedSource, option_index: option });
      if (reply.meta.status !== 'Success') {
        show(before);
        showToast(VOTE_FAILED, 'error');
      } else if (reply.data.poll) {
        show(reply.data.poll);
      }
    } catch {
      show(before);
      showToast(VOTE_THREW, 'error');
    } finally {
      voting.current = false;
    }
  };

  const options = results?.options ?? post.polling?.options.map((o) => ({ text: o.text, votes: 0 })) ?? [];
  if (options.length === 0) return null;
  const voted = results?.user_voted_option ?? null;
  const showVotes = results !== null && (voted !== null || ended);
  const total = results ? totalVotes(results) : 0;
  const path = postPath(post);

  return (
    // A group, not a region: a list holds many polls and landmarks must be unique (axe landmark-unique).
    <div ref={ref} className={styles.poll} role="group" aria-label="Poll" data-testid="poll" data-tooltip-anchor={main ? 'postPoll' : undefined}>
      <ul className={styles.options}>
        {options.map((option, i) => {
          const percent = percentOf(option.votes, total);
          if (showVotes) {
            return (
              <li key={i} className={styles.result} aria-current={voted === i ? 'true' : undefined}>
                <span className={styles.fill} style={{ width: `${percent}%` }} aria-hidden="true" />
                <span className={styles.text}>
                  {option.text}
                  {voted === i && <span className={styles.mine}> (your vote)</span>}
                </span>
                <span className={styles.percent}>{percent}%</span>
              </li>
            );
          }
          return (
            <li key={i}>
              {main ? (
                <button type="button" className={styles.option} disabled={ended} onClick={() => void vote(i)}>
                  {option.text}
                </button>
              ) : (
                <Link href={path} className={styles.option}>
                  {option.text}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <p className={styles.meta}>
        {showVotes && <span data-testid="poll-total">{formatVotes(total)}</span>}
        {showVotes && <span aria-hidden="true"> · </span>}
        <span data-testid="poll-time" suppressHydrationWarning>{ended ? 'ended' : `Ends ${timeRemaining(endsAt, now)}`}</span>
      </p>
    </div>
  );
}
