import { useEffect, useState, type ComponentType } from 'react';
import { selectIsModerator } from '../stores/user-store.js';
import { useCommentUser } from '../stores/widget-stores.js';
import type * as Parts from './on-demand.js';

/**
 * Parts that few page views need are a chunk of their own, loaded on demand (a dynamic import: the embed's Rollup
 * build and a host's bundler split it off): the menu list and the dialogs until a reader opens a comment's menu, a
 * thread's view until one is opened (from a permalink too), the @-mention list until a composer's box is focused, a
 * composer's attachment list until a file is attached, the section tools but for moderators, the email
 * notification setting until its Notifications button is clicked. That keeps the
 * widget's first load within its size budgets (.size-limit.mjs counts what loads before lazy chunks).
 *
 * Not React.lazy: that needs a Suspense boundary around every use, and these are public components too. A part
 * renders nothing until its chunk is in (a tick, or the network's time on a first open), then renders as if it had
 * always been there; once loaded it renders at once. A failed load is tried again when a part is next opened.
 */
let parts: typeof Parts | null = null;
let loading: Promise<typeof Parts> | null = null;

/** Loads the parts once (tests await it before driving menus and dialogs). */
export function loadParts(): Promise<typeof Parts> {
  loading ??= import('./on-demand.js').then(
    (loaded) => (parts = loaded),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts loading the parts (a menu button or a thread's link under the pointer or focused: a click is likely). */
export const preloadParts = (): void => {
  loadParts().catch(() => undefined);
};

/** A component of the parts chunk under the same name and props. */
function lazyPart<K extends keyof typeof Parts>(name: K): (typeof Parts)[K] {
  function Part(props: object) {
    const [, setLoaded] = useState(parts !== null);
    useEffect(() => {
      if (!parts) loadParts().then(() => setLoaded(true), () => undefined);
    }, []);
    const Loaded = parts?.[name] as ComponentType<object> | undefined;
    return Loaded ? <Loaded {...props} /> : null;
  }
  Part.displayName = name;
  return Part as unknown as (typeof Parts)[K];
}

export const MenuList = lazyPart('MenuList');
export const Dialog = lazyPart('Dialog');
export const ConfirmDialog = lazyPart('ConfirmDialog');
export const ReportDialog = lazyPart('ReportDialog');
export const MentionPicker = lazyPart('MentionPicker');
export const Attachments = lazyPart('Attachments');
export const ThreadView = lazyPart('ThreadView');
export const FollowButton = lazyPart('FollowButton');
export const EmailSettings = lazyPart('EmailSettings');

const SectionToolsPart = lazyPart('SectionTools');

/** The moderators' tools, loaded for moderators only. */
export function SectionTools() {
  return useCommentUser(selectIsModerator) ? <SectionToolsPart /> : null;
}
