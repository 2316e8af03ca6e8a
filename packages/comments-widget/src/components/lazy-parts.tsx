import { useEffect, useState, type ComponentType } from 'react';
import { selectIsModerator } from '../stores/user-store.js';
import { useCommentUser } from '../stores/widget-stores.js';

/**
 * Parts that few page views need are a chunk of their own, loaded on demand (a dynamic import: the embed's Rollup
 * build and a host's bundler split it off): the menu list and the dialogs until a reader opens a comment's menu, a
 * thread's view until one is opened (from a permalink too), the @-mention list until a composer's box is focused, a
 * composer's attachment list until a file is attached, the section tools but for moderators, the email
 * notification setting until its Notifications button is clicked, a banned member's notice. The moderators' queue is
 * a chunk of its own (moderation-queue/lazy.ts). That keeps the
 * widget's first load within its size budgets (.size-limit.mjs counts what loads before lazy chunks).
 *
 * Not React.lazy: that needs a Suspense boundary around every use, and these are public components too. A part
 * renders nothing until its chunk is in (a tick, or the network's time on a first open), then renders as if it had
 * always been there; once loaded it renders at once. A failed load is tried again when a part is next opened.
 */
/** A chunk loaded once on demand: a failed load is tried again on the next call. */
export function chunk<M>(importer: () => Promise<M>) {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const load = (): Promise<M> => {
    loading ??= importer().then(
      (m) => (loaded = m),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return { load, get: () => loaded };
}

/** A component of a chunk under the same name and props. */
export function lazyPart<M, K extends keyof M>(from: ReturnType<typeof chunk<M>>, name: K): M[K] {
  function Part(props: object) {
    const [, setLoaded] = useState(from.get() !== null);
    // Always through load(): the chunk may arrive between this render (nothing drawn) and this effect, and a part
    // that then skipped the load would never draw (a comment's menu that did not open on its first click).
    useEffect(() => {
      from.load().then(() => setLoaded(true), () => undefined);
    }, []);
    const Loaded = from.get()?.[name] as ComponentType<object> | undefined;
    return Loaded ? <Loaded {...props} /> : null;
  }
  Part.displayName = String(name);
  return Part as unknown as M[K];
}

// The chunk's type comes from the dynamic import: a static import, even of types only, would tie this file and the
// parts that render these into one loop.
const parts = chunk(() => import('./on-demand.js'));

/** Loads the parts once (tests await it before driving menus and dialogs). */
export const loadParts = parts.load;

/** Starts loading the parts (a menu button or a thread's link under the pointer or focused: a click is likely). */
export const preloadParts = (): void => {
  loadParts().catch(() => undefined);
};

export const MenuList = lazyPart(parts, 'MenuList');
export const Dialog = lazyPart(parts, 'Dialog');
export const ConfirmDialog = lazyPart(parts, 'ConfirmDialog');
export const ReportDialog = lazyPart(parts, 'ReportDialog');
export const MentionPicker = lazyPart(parts, 'MentionPicker');
export const Attachments = lazyPart(parts, 'Attachments');
export const ThreadView = lazyPart(parts, 'ThreadView');
export const FollowButton = lazyPart(parts, 'FollowButton');
export const EmailSettings = lazyPart(parts, 'EmailSettings');
export const BanNotice = lazyPart(parts, 'BanNotice');

const SectionToolsPart = lazyPart(parts, 'SectionTools');

/** The moderators' tools, loaded for moderators only. */
export function SectionTools() {
  return useCommentUser(selectIsModerator) ? <SectionToolsPart /> : null;
}
