import { useEffect, useLayoutEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useLocation, useRouteMatch } from '../../router';
import { isScrollLocked } from '../dialog/scroll-lock';
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
const engine = () => (shared ??= createTooltipEngine({ definitions: tooltipDefinitions, storage: storage(), isScrollLocked }));

function position(rect: DOMRect, placement: TooltipPlacement, box: { width: number; height: number }) {
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
  const clamp = (v: number, max: number) => Math.max(4, Math.min(v, max - 4));
  return { left: clamp(left, window.innerWidth - box.width), top: clamp(top, window.innerHeight - box.height) };
}

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
    const update = () =>
      setPlace((old) => {
        const next = position(active.target.getBoundingClientRect(), active.definition.placement, node.getBoundingClientRect());
        return old && old.left === next.left && old.top === next.top ? old : next;
      });
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
  }, [active, node]);

  if (!active) return null;
  return (
    <div
      ref={setNode}
      className={styles.tooltip}
      role="status"
      data-tooltip-id={active.definition.id}
      style={place ? { left: place.left, top: place.top } : { left: -9999, top: 0 }}
    >
      {active.definition.message}
    </div>
  );
}
