import { useEffect, useLayoutEffect, useState } from 'react';
import { commentNoun, Composer, MAIN_COMPOSER, useSection, useViewer, useWidget } from '@guffaw/comments-widget';
import { navigate } from '../router';
import type { Theme } from '../theme/theme';
import styles from './bottom-composer.module.css';

/** posts-and-feeds.md §2 and §9: the bottom composer shows once the main composer is more than 70 px out of view. */
export const BOTTOM_COMPOSER_MARGIN_PX = 70;
/** Element ids of the bottom composer; it writes the main composer's draft (same composer key). */
export const BOTTOM_COMPOSER_ID = 'bottom';
/**
 * The bar's height while it is shown, on the root element: the shell's other bottom pieces (Back to top, the consent
 * banner) sit above it instead of under or over it.
 */
export const BOTTOM_BAR_VAR = '--bottom-bar-height';

function useBottomBarHeight(bar: HTMLElement | null) {
  useLayoutEffect(() => {
    if (!bar) return;
    const root = document.documentElement;
    const fit = () => root.style.setProperty(BOTTOM_BAR_VAR, `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    fit();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BOTTOM_BAR_VAR);
    };
  }, [bar]);
}

/**
 * The post's column on the screen (the main post's article): the bar's content takes its left edge and width, so
 * the composer sits under the post and its comments, not centred on the whole window beside the drawer.
 */
function useColumn(bar: HTMLElement | null) {
  useLayoutEffect(() => {
    if (!bar) return;
    const fit = () => {
      const column = document.getElementById('post-title')?.closest('article');
      if (!column) return;
      const r = column.getBoundingClientRect();
      bar.style.setProperty('--column-left', `${r.left}px`);
      bar.style.setProperty('--column-width', `${r.width}px`);
      bar.style.setProperty('--column-padding', '0px');
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [bar]);
}

/** Whether the main composer of the widget has scrolled up out of view by more than the margin. */
function useMainComposerGone(): boolean {
  const [gone, setGone] = useState(false);
  const loggedIn = useViewer().loggedIn;
  const lock = useSection((s) => s.lock);
  useEffect(() => {
    // The main composer changes element when the viewer or the lock changes: observe the current one.
    const main = document.querySelector(`[data-composer="${MAIN_COMPOSER}"]`);
    if (!main || typeof IntersectionObserver === 'undefined') {
      setGone(false);
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setGone(!entry.isIntersecting && entry.boundingClientRect.bottom < 0);
      },
      { rootMargin: `${BOTTOM_COMPOSER_MARGIN_PX}px 0px ${BOTTOM_COMPOSER_MARGIN_PX}px 0px` },
    );
    observer.observe(main);
    return () => observer.disconnect();
  }, [loggedIn, lock]);
  return gone;
}

/**
 * The fixed bar at the bottom of the post page, inside the widget's stores: the main composer again (its draft,
 * so nothing typed is lost either way), and in a thread the 'View all N comments' button back to the list.
 */
export function BottomComposer({ theme }: { theme: Theme }) {
  const gone = useMainComposerGone();
  const { section } = useWidget();
  const view = useSection((s) => s.view);
  const total = useSection((s) => s.total);
  const isForum = useSection((s) => s.isForum);
  const [bar, setBar] = useState<HTMLDivElement | null>(null);
  useBottomBarHeight(gone ? bar : null);
  useColumn(gone ? bar : null);
  if (!gone) return null;
  const viewAll = () => {
    section.getState().closeThread();
    if (window.location.hash.startsWith('#cs_comment_id=')) navigate(`${window.location.pathname}${window.location.search}#comment`, { replace: true, scroll: false });
  };
  return (
    <>
      {/* Room under the last comments, so the bar never covers them. */}
      <div className={styles.spacer} aria-hidden="true" />
      <div ref={setBar} className={`gfw-root ${styles.bar}`} data-theme={theme} role="region" aria-label={isForum ? 'Write an answer' : 'Write a comment'} data-testid="bottom-composer">
        <div className={styles.inner}>
          {view.mode === 'thread' && (
            <button type="button" className="gfw-text-button" onClick={viewAll}>
              View all {total} {commentNoun(total, isForum)}
            </button>
          )}
          <Composer composerKey={MAIN_COMPOSER} idPrefix={BOTTOM_COMPOSER_ID} />
        </div>
      </div>
    </>
  );
}
