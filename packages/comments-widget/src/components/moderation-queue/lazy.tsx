import { useEffect, useState, type ComponentType } from 'react';
import type * as Parts from './parts.js';
import type { ModerationPageProps } from './moderation-page.js';
import type { ModerationQueueProps } from './moderation-queue.js';

/**
 * The queue view is a chunk of its own (a dynamic import), not part of ../lazy-parts.tsx: readers open menus and
 * dialogs, only moderators the queue, so nobody else loads it. Renders nothing until the chunk is in; a failed load
 * is tried again on the next mount.
 */
let parts: typeof Parts | null = null;
let loading: Promise<typeof Parts> | null = null;

export function loadModeration(): Promise<typeof Parts> {
  loading ??= import('./parts.js').then(
    (loaded) => (parts = loaded),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function lazyModerationPart<P extends object>(name: keyof typeof Parts) {
  function Part(props: P) {
    const [, setLoaded] = useState(parts !== null);
    useEffect(() => {
      if (!parts) loadModeration().then(() => setLoaded(true), () => undefined);
    }, []);
    const Loaded = parts?.[name] as ComponentType<P> | undefined;
    return Loaded ? <Loaded {...props} /> : null;
  }
  Part.displayName = name;
  return Part;
}

/** The moderation queue view (moderation-queue.tsx), loaded when first shown. */
export const ModerationQueue = lazyModerationPart<ModerationQueueProps>('ModerationQueue');
/** The queue on a page of its own with its own stores (moderation-page.tsx), loaded when first shown. */
export const ModerationPage = lazyModerationPart<ModerationPageProps>('ModerationPage');
