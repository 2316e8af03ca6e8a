import { useMemo } from 'react';
import { isShown } from '../../lib/visibility.js';
import { useViewer } from '../../stores/viewer.js';
import { useSection } from '../../stores/widget-stores.js';

const NONE: readonly string[] = [];

/** Ids of a list after the viewer's filters (blocked accounts, blocked post, hidden). */
export function useVisibleIds(ids: readonly string[] | undefined): string[] {
  const comments = useSection((s) => s.comments);
  const viewer = useViewer();
  return useMemo(
    () => (ids ?? NONE).filter((id) => {
      const comment = comments[id];
      return comment !== undefined && isShown(comment, viewer);
    }),
    [ids, comments, viewer],
  );
}
