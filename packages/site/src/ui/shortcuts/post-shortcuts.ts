import { useEffect, useRef } from 'react';
import { SHORTCUT_EVENT, type PostShortcut } from './shortcuts';

/**
 * What a post list or the post page does with the post shortcuts of shell-and-account.md §5 (k previous post, j next
 * post, l upvote, h downvote, c comment, p play): the helpers that find the post being read and move between posts.
 *
 * The post being read is the card under the top bar: the one that covers the reading line (the top bar's bottom plus
 * a small gap, where j and k bring a card), or else the first card below that line on screen.
 */

const ACTIONS: ReadonlySet<string> = new Set<PostShortcut>(['previous-post', 'next-post', 'upvote', 'downvote', 'comment', 'play']);

/** Runs `act` for each post shortcut while mounted and `enabled` (a list inside a post page leaves them to the page). */
export function usePostShortcuts(act: (action: PostShortcut) => void, enabled = true): void {
  const latest = useRef(act);
  latest.current = act;
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: Event) => {
      const action = (event as CustomEvent<{ action?: unknown } | null>).detail?.action;
      if (typeof action === 'string' && ACTIONS.has(action)) latest.current(action as PostShortcut);
    };
    window.addEventListener(SHORTCUT_EVENT, listener);
    return () => window.removeEventListener(SHORTCUT_EVENT, listener);
  }, [enabled]);
}

/** Room left between the top bar and a card that j or k brought up. */
export const CARD_GAP = 8;
/** Sub-pixel scroll positions: a card within this of the reading line is on it. */
const SLACK = 2;
/** A smooth scroll in progress still counts as being at its target for this long (repeated j or k presses). */
const SCROLL_MS = 1000;

export function topBarHeight(): number {
  const value = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--top-bar-height'));
  return Number.isFinite(value) ? value : 0;
}

const readingLine = () => topBarHeight() + CARD_GAP;

/** The card j or k last scrolled to, while its smooth scroll may still be running. */
let pending: { card: HTMLElement; at: number } | null = null;

/** The cards of `root` in page order: posts shown in full (a hidden post's panel or placeholder is not one). */
export const postCards = (root: ParentNode): HTMLElement[] => [...root.querySelectorAll<HTMLElement>('article[data-post-id]')];
/** A list card or the post page's main post (which holds the related list's cards inside it). */
const POST_ELEMENT = 'article[data-post-id], [data-main-post-id]';

export function currentCard(cards: readonly HTMLElement[]): HTMLElement | null {
  if (pending && Date.now() - pending.at < SCROLL_MS && cards.includes(pending.card)) return pending.card;
  const line = readingLine();
  let covering: HTMLElement | null = null;
  for (const card of cards) {
    const rect = card.getBoundingClientRect();
    if (rect.top <= line + SLACK && rect.bottom > line) covering = card;
  }
  if (covering) return covering;
  return cards.find((card) => {
    const top = card.getBoundingClientRect().top;
    return top > line && top < window.innerHeight;
  }) ?? null;
}

/** j (1) or k (-1): the card after or before the one being read; at the page top, j goes to the first card. */
export function adjacentCard(cards: readonly HTMLElement[], step: 1 | -1): HTMLElement | null {
  const current = currentCard(cards);
  if (!current) {
    const line = readingLine();
    return step === 1 ? (cards.find((card) => card.getBoundingClientRect().top > line + SLACK) ?? null) : null;
  }
  const index = cards.indexOf(current);
  // Part way through a tall post, k first goes back to its top.
  if (step === -1 && current.getBoundingClientRect().top < readingLine() - SLACK && current !== pending?.card) return current;
  return cards[index + step] ?? null;
}

/** Scrolls `card` to just under the top bar and moves focus to its title link, so Enter opens it. */
export function scrollToCard(card: HTMLElement): void {
  const top = window.scrollY + card.getBoundingClientRect().top - readingLine();
  window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
  pending = { card, at: Date.now() };
  card.querySelector<HTMLElement>('h2 a, h1 a')?.focus({ preventScroll: true });
}

/** p: plays or pauses the clip of `post` (not one of a post shown inside it); false when it has none. */
export function togglePlay(post: HTMLElement): boolean {
  const video = [...post.querySelectorAll('video')].find((v) => v.closest(POST_ELEMENT) === post);
  if (!video) return false;
  if (video.paused) void video.play().catch(() => undefined);
  else video.pause();
  return true;
}

/** How long c waits for a lazily loaded composer before giving up on focusing it. */
const FIELD_WAIT_MS = 5000;

/**
 * Focuses the first element of `root` matching `selector`, now or once it renders (within 5 s); `preventScroll` when a
 * smooth scroll is already on its way there.
 */
export function focusWhenShown(root: HTMLElement, selector: string, preventScroll = false): void {
  const found = root.querySelector<HTMLElement>(selector);
  if (found) {
    found.focus({ preventScroll });
    return;
  }
  const observer = new MutationObserver(() => {
    const shown = root.querySelector<HTMLElement>(selector);
    if (!shown) return;
    observer.disconnect();
    shown.focus({ preventScroll });
  });
  observer.observe(root, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), FIELD_WAIT_MS);
}

/** For tests: forget the card of the last j or k. */
export function resetPendingCard(): void {
  pending = null;
}
