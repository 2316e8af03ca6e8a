import { openModal } from '../modals/modal-store';

/**
 * Keyboard shortcuts (shell-and-account.md §5): b back to top, k previous post, j next post, r random post, l upvote,
 * h downvote, c comment, p play, Home and End scroll to top and bottom, ? shows the legend. Inactive while typing,
 * and off when the setting says so (saved in this browser), except `?`: the legend holds the setting, so it stays
 * the way to turn them back on.
 *
 * Post actions are announced as a `guffaw:shortcut` event with `detail.action`; the post list or post page that is on
 * screen acts on it (see ./post-shortcuts.ts; it gates a guest's vote itself).
 */
export type PostShortcut = 'previous-post' | 'next-post' | 'upvote' | 'downvote' | 'comment' | 'play';
export const SHORTCUT_EVENT = 'guffaw:shortcut';
export const SHORTCUTS_SETTING_KEY = 'guffaw.shortcuts';

export const SHORTCUTS: ReadonlyArray<{ keys: string; label: string }> = [
  { keys: 'j', label: 'Next post' },
  { keys: 'k', label: 'Previous post' },
  { keys: 'l', label: 'Upvote' },
  { keys: 'h', label: 'Downvote' },
  { keys: 'c', label: 'Comment' },
  { keys: 'p', label: 'Play or pause' },
  { keys: 'r', label: 'Random post' },
  { keys: 'b', label: 'Back to top' },
  { keys: 'Home', label: 'Scroll to top' },
  { keys: 'End', label: 'Scroll to bottom' },
  { keys: '?', label: 'Show this list' },
];

const postKeys: Record<string, PostShortcut> = { k: 'previous-post', j: 'next-post', l: 'upvote', h: 'downvote', c: 'comment', p: 'play' };

export function shortcutsEnabled(): boolean {
  try {
    return localStorage.getItem(SHORTCUTS_SETTING_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Who shows the setting (the legend, Settings > Account): told when it changes here or in another tab. */
const settingListeners = new Set<() => void>();

export function setShortcutsEnabled(on: boolean): void {
  try {
    if (on) localStorage.removeItem(SHORTCUTS_SETTING_KEY);
    else localStorage.setItem(SHORTCUTS_SETTING_KEY, 'off');
  } catch {
    // No storage: the setting cannot be kept, and the switches show it unchanged.
  }
  for (const listener of settingListeners) listener();
}

export function subscribeShortcutsSetting(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SHORTCUTS_SETTING_KEY || event.key === null) listener();
  };
  settingListeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    settingListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(type);
}

/** The server's /shuffle redirects to a random live post (or the front page): a full-page load, the client has no such route. */
export const SHUFFLE_URL = '/shuffle';
export const randomPost = { open: (): void => window.location.assign(SHUFFLE_URL) };

const scrollTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

export function handleShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isTyping(event.target) || document.querySelector('[aria-modal="true"]')) return false;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key !== '?' && !shortcutsEnabled()) return false;
  if (key === 'b' || key === 'Home') scrollTop();
  else if (key === 'End') window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' });
  else if (key === 'r') randomPost.open();
  else if (key === '?') openModal('shortcuts');
  else if (postKeys[key]) window.dispatchEvent(new CustomEvent(SHORTCUT_EVENT, { detail: { action: postKeys[key] } }));
  else return false;
  event.preventDefault();
  return true;
}

export function startShortcuts(): () => void {
  document.addEventListener('keydown', handleShortcut);
  return () => document.removeEventListener('keydown', handleShortcut);
}
