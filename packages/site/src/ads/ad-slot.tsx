import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../router';
import { useAds } from './ads-store';
import type { Ad, AdSlotName, AdSlotSize } from './provider';
import styles from './ads.module.css';

/** posts-and-feeds.md §9: refresh every 30,000 ms while the page is visible; preload margin one browser height. */
export const AD_REFRESH_MS = 30_000;
/** Impression: at least half the creative visible for one second. */
export const IMPRESSION_RATIO = 0.5;
export const IMPRESSION_MS = 1000;

/** The box a slot reserves, sized by CSS media queries so the server HTML already holds it. */
export type AdBox = 'inline' | 'sidebar';

/** shell-and-account.md §2 layout breakpoints: 970x250 from 1506 px else 728x90; 336x280 from 1072 px else 300x250. */
export function slotSize(box: AdBox, width: number): AdSlotSize {
  if (box === 'sidebar') return width >= 1072 ? '336x280' : '300x250';
  return width >= 1506 ? '970x250' : '728x90';
}

export type AdSlotProps = {
  slot: AdSlotName;
  box: AdBox;
  className?: string;
  /** In a layer of its own (the billboard): takes its size at once. */
  fixed?: boolean;
  /** The billboard: told when its creative was seen (impression) or asks to collapse (1x1). */
  onViewed?: () => void;
  onCollapse?: () => void;
  /** Told what each fetch brought: a creative, or null when none was served (the sidebar then shows its own column). */
  onFill?: (ad: Ad | null) => void;
};


/**
 * One ad container: its box is reserved at the slot size before anything loads (no layout shift), the creative is
 * fetched once the box is within one screen of the view, counted once half of it was visible for a second, and
 * refreshed every 30 s while the page is visible and the box is in view.
 */
export function AdSlot({ slot, box, className, fixed = false, onViewed, onCollapse, onFill }: AdSlotProps) {
  const status = useAds((s) => s.status);
  const on = status === 'on';
  const hydrated = useHydrated();
  // A feed slot opens (takes its reserved size) only while it is out of view, so nothing visible moves; the sidebar
  // column and the billboard overlay never push other content.
  const [open, setOpen] = useState(box !== 'inline' || fixed);
  const provider = useAds((s) => s.provider);
  const context = useAds((s) => s.context);
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [inView, setInView] = useState(false);
  const [half, setHalf] = useState(false);
  const [ad, setAd] = useState<Ad | null>(null);
  const [round, setRound] = useState(0);
  const [size, setSize] = useState<AdSlotSize | null>(null);
  // The box exists only once hydrated with ads on: the observers attach then.
  const rendered = hydrated && on;

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const ahead = new IntersectionObserver(([e]) => {
        if (!e?.isIntersecting) return;
        setNear(true);
        const r = e.boundingClientRect;
        if (r.top >= window.innerHeight || r.bottom <= 0) setOpen(true);
      }, { rootMargin: `${window.innerHeight}px 0px` });
    const seen = new IntersectionObserver(
      ([e]) => {
        if (!e) return;
        setInView(e.isIntersecting);
        setHalf(e.isIntersecting && e.intersectionRatio >= IMPRESSION_RATIO);
      },
      { threshold: [0, IMPRESSION_RATIO] },
    );
    ahead.observe(el);
    seen.observe(el);
    return () => {
      ahead.disconnect();
      seen.disconnect();
    };
  }, [rendered]);

  useEffect(() => {
    if (!on || !near || !open) return;
    const controller = new AbortController();
    const next = slotSize(box, window.innerWidth);
    setSize(next);
    provider
      .fill(slot, next, context, controller.signal)
      .then((next) => {
        setAd(next);
        onFill?.(next);
        if (next?.collapse) onCollapse?.();
      })
      .catch(() => onFill?.(null));
    return () => controller.abort();
    // A new round refetches; the slot's place is fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [on, near, open, round, slot, box]);

  // Counted once per served creative (the server dedupes by view token as well).
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!ad || ad.collapse || !half || counted.current === ad.viewToken) return;
    const timer = setTimeout(() => {
      counted.current = ad.viewToken;
      void provider.impression(ad).catch(() => undefined);
      onViewed?.();
    }, IMPRESSION_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ad, half, provider]);

  useEffect(() => {
    if (!on || !inView || !ad) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setRound((r) => r + 1);
    }, AD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [on, inView, ad]);

  if (!rendered) return null;
  return (
    <div
      ref={ref}
      className={`${styles.slot} ${!open ? styles.closed : box === 'sidebar' ? styles.sidebarSlot : styles.inline} ${className ?? ''}`}
      data-testid="ad-slot"
      data-slot={slot}
      data-size={size ?? ''}
      data-round={round}
      data-ad={ad ? ad.campaignId : ''}
    >
      {ad && !ad.collapse && (
        <a href={ad.clickUrl} target="_blank" rel="noopener sponsored" className={styles.link}>
          <img src={ad.imageUrl} width={ad.width} height={ad.height} alt="Advertisement" className={styles.creative} />
        </a>
      )}
    </div>
  );
}
