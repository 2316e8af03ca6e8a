import { useEffect } from 'react';

/**
 * An open composer locks page scrolling; closing it restores the position. Only where the host asks
 * for it (WidgetOptions.lockScroll): the <html> is the host's.
 */
export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active || typeof document === 'undefined') return;
    const root = document.documentElement;
    const x = window.scrollX;
    const y = window.scrollY;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (window.scrollX !== x || window.scrollY !== y) window.scrollTo(x, y);
    };
  }, [active]);
}
