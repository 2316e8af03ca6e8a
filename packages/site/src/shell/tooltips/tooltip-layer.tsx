import { useEffect, useLayoutEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useLocation, useRouteMatch } from '../../router';
import { CONTENT, coveredBy, intersects } from '../../lib/covers';
import { isScrollLocked } from '../../ui/dialog/scroll-lock';
import { tooltipDefinitions, type TooltipPlacement } from './definitions';
import { createTooltipEngine, TOOLTIP, type TooltipEngine } from './tooltip-engine';
import styles from './tooltip-layer.module.css';

const storage = (): Storage | null => {
  try {
    return localStorage;
  } catch {
    return null;
  }
};

let shared: TooltipEngine | null = null;
// A tooltip's 9 s (and its dismissing click) count from when it is in sight at a free place, not while it waits.
const engine = () => (shared ??= createTooltipEngine({ definitions: tooltipDefinitions, storage: storage(), isScrollLocked, waitForPlace: true }));

const OTHER_SIDES: Record<TooltipPlacement, TooltipPlacement[]> = {
  top: ['bottom', 'right', 'left'],
  bottom: ['top', 'right', 'left'],
  left: ['right', 'bottom', 'top'],
  right: ['left', 'bottom', 'top'],
};

function sideBox(rect: DOMRect, placement: TooltipPlacement, box: { width: number; height: number }) {
  const o = TOOLTIP.offset;
  const left = {
    top: rect.left + rect.width / 2 - box.width / 2,
    bottom: rect.left + rect.width / 2 - box.width / 2,
    left: rect.left - box.width - o,
    right: rect.right + o,
  }[placement];
  const top = {
    top: rect.top - box.height - o,
    bottom: rect.bottom + o,
    left: rect.top + rect.height / 2 - box.height / 2,
    right: rect.top + rect.height / 2 - box.height / 2,
  }[placement];
  // Slid along its side to stay in the viewport, never across the anchor.
  const vertical = placement === 'top' || placement === 'bottom';
  const clamp = (v: number, max: number) => Math.max(4, Math.min(v, max - 4));
  return vertical
    ? { left: clamp(left, window.innerWidth - box.width), top }
    : { left, top: clamp(top, window.innerHeight - box.height) };
}

/** Whether the anchor's box is in the viewport at all. */
const inView = (r: DOMRect) => r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;

/**
 * Where the tooltip goes: its definition's side, else another, the first that fits in the viewport and covers nothing
 * people use or read (lib/covers.ts); null while there is no such place, or its anchor is out of sight (a tooltip
 * pinned to the viewport's edge for an anchor below the fold sat on whatever was there).
 */
function position(anchor: DOMRect, placement: TooltipPlacement, node: HTMLElement) {
  if (!inView(anchor)) return null;
  const box = { width: node.offsetWidth, height: node.offsetHeight };
  for (const side of [placement, ...OTHER_SIDES[placement]]) {
    const at = sideBox(anchor, side, box);
    const rect = { ...at, ...box };
    if (at.left < 0 || at.top < 0 || at.left + box.width > window.innerWidth || at.top + box.height > window.innerHeight) continue;
    if (intersects(rect, anchor) || coveredBy(rect, CONTENT, node)) continue;
    return at;
  }
  return null;
}

/**
 * How long a tooltip whose anchor is in sight may find no free place before it is set aside for the route (the page
 * may still be settling: pictures, banners).
 */
export const NO_PLACE_SET_ASIDE_MS = 1500;

/** Draws the engine's one tooltip next to its anchor; tells the engine about route changes. */
export function TooltipLayer({ tooltips = engine() }: { tooltips?: TooltipEngine }) {
  const match = useRouteMatch();
  const routeName = match?.route.name ?? null;
  // Every page is a route change (§4), also between pages of one route name (/top and /fresh are both home lists).
  const path = useLocation().pathname;
  const active = useStore(tooltips.store, (s) => s.active);
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);

  useEffect(() => {
    tooltips.routeChanged(routeName);
  }, [tooltips, routeName, path]);
  useEffect(() => () => tooltips.stop(), [tooltips]);

  useLayoutEffect(() => {
    if (!active || !node) return setPlace(null);
    // Since when its anchor has been in sight with no free place beside it.
    let blockedSince: number | null = null;
    const update = () => {
      const anchor = active.target.getBoundingClientRect();
      const next = position(anchor, active.definition.placement, node);
      if (next || !inView(anchor)) blockedSince = null;
      else if (blockedSince === null) blockedSince = Date.now();
      else if (Date.now() - blockedSince >= NO_PLACE_SET_ASIDE_MS) tooltips.setAside();
      setPlace((old) => (old && next && old.left === next.left && old.top === next.top ? old : next));
    };
    update();
    // The page may still be settling (banners, images): follow the anchor while the tooltip is up.
    const timer = setInterval(update, 200);
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [tooltips, active, node]);
  useEffect(() => {
    if (active && place) tooltips.inSight();
  }, [tooltips, active, place]);

  if (!active) return null;
  return (
    <div
      ref={setNode}
      className={styles.tooltip}
      role="status"
      data-tooltip-id={active.definition.id}
      // Without a free place it waits out of sight (and out of the way) until one opens, e.g. as the page scrolls.
      style={place ? { left: place.left, top: place.top } : { left: -9999, top: 0, visibility: 'hidden' }}
    >
      {active.definition.message}
    </div>
  );
}
