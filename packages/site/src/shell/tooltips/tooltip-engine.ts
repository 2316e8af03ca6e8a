import { createStore } from 'zustand';
import type { TooltipDefinition } from './definitions';

/**
 * The tooltip engine of shell-and-account.md §4 "Tooltips": one at a time; on each route change the first eligible
 * tooltip (not yet shown, and either active or on its route, with its anchor in the page) is displayed. It waits while
 * page scroll is locked (polling every 100 ms, up to 5 s); creation is debounced 100 ms and retried up to 5 times at
 * 500 ms when the anchor is missing, then given up. It hides after 9 s (or its duration) unless it stays visible; a
 * click anywhere dismisses it (the handler is attached after 250 ms). Hiding is debounced 150 ms: it goes 150 ms after
 * the last request to hide (a click, the time running out). Dismissing records it as shown, unless it repeats, then
 * shows the next. The shown list is persisted. A route change or stop removes it at once: its page is gone.
 *
 * With `waitForPlace`, a displayed tooltip's clock (the 250 ms before a click dismisses it, the 9 s) starts only when
 * its layer reports it in sight (`inSight()`): a tooltip that waits out of sight for a free place (one that covers
 * nothing people use or read) is not dismissed unseen, nor recorded as shown, before anyone could read it. One that
 * finds no free place beside its anchor in sight is set aside for the route (`setAside()`): the next eligible tooltip
 * gets its turn, and the one set aside is eligible again on the next route.
 */
export const TOOLTIP_SHOWN_KEY = 'guffaw.tooltips';
export const TOOLTIP = {
  debounceMs: 100,
  retries: 5,
  retryMs: 500,
  lockPollMs: 100,
  lockWaitMs: 5000,
  autoHideMs: 9000,
  dismissAfterMs: 250,
  hideDebounceMs: 150,
  offset: 8,
} as const;

export type ActiveTooltip = { definition: TooltipDefinition; target: Element };
export type TooltipEngineOptions = {
  definitions: TooltipDefinition[];
  storage?: Storage | null;
  isScrollLocked?: () => boolean;
  root?: ParentNode;
  /** The clock of a displayed tooltip starts when `inSight()` is called, not when it is displayed. */
  waitForPlace?: boolean;
};

/** Pages where a person came to do one thing (sign in, sign up, recover a password): no tooltip there, ever. */
export const QUIET_ROUTES: ReadonlySet<string> = new Set(['login', 'signup', 'forgot password', 'reset password']);

export function createTooltipEngine({ definitions, storage = null, isScrollLocked = () => false, root, waitForPlace = false }: TooltipEngineOptions) {
  const store = createStore<{ active: ActiveTooltip | null }>()(() => ({ active: null }));
  const readShown = (): string[] => {
    try {
      const value: unknown = JSON.parse(storage?.getItem(TOOLTIP_SHOWN_KEY) ?? '[]');
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  };
  let shown = new Set(readShown());
  let route: string | null = null;
  let timers: Array<ReturnType<typeof setTimeout>> = [];
  let hideTimer: ReturnType<typeof setTimeout> | null = null;
  let removeDismiss: (() => void) | null = null;
  /** Whether the active tooltip's clock runs (it has been in sight, or the engine does not wait for a place). */
  let clockStarted = false;
  /** Repeating tooltips are skipped for the rest of the route once dismissed. */
  let dismissedHere = new Set<string>();

  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers = timers.filter((x) => x !== t);
      fn();
    }, ms);
    timers.push(t);
  };
  const cancel = () => {
    clockStarted = false;
    for (const t of timers) clearTimeout(t);
    timers = [];
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = null;
    removeDismiss?.();
    removeDismiss = null;
  };

  const eligible = (d: TooltipDefinition) =>
    !(route !== null && QUIET_ROUTES.has(route)) &&
    !dismissedHere.has(d.id) && (d.showRepeatedly || !shown.has(d.id)) && (d.isActive || (d.route !== null && d.route === route));

  const firstPresent = (): ActiveTooltip | null => {
    for (const definition of definitions) {
      if (!eligible(definition)) continue;
      const target = (root ?? document).querySelector(definition.selector);
      if (target) return { definition, target };
    }
    return null;
  };

  const startClock = (active: ActiveTooltip) => {
    if (clockStarted) return;
    clockStarted = true;
    later(() => {
      const onClick = () => dismiss();
      document.addEventListener('click', onClick, true);
      removeDismiss = () => document.removeEventListener('click', onClick, true);
    }, TOOLTIP.dismissAfterMs);
    if (!active.definition.stayVisible) later(() => dismiss(), active.definition.duration ?? TOOLTIP.autoHideMs);
  };

  const display = (active: ActiveTooltip) => {
    store.setState({ active });
    if (!waitForPlace) startClock(active);
  };

  const waitForScroll = (active: ActiveTooltip, waited = 0) => {
    if (!isScrollLocked()) return display(active);
    if (waited >= TOOLTIP.lockWaitMs) return;
    later(() => waitForScroll(active, waited + TOOLTIP.lockPollMs), TOOLTIP.lockPollMs);
  };

  const attempt = (tries = 0) => {
    if (!definitions.some(eligible)) return;
    const found = firstPresent();
    if (found) return waitForScroll(found);
    if (tries < TOOLTIP.retries) later(() => attempt(tries + 1), TOOLTIP.retryMs);
  };

  const persist = () => {
    try {
      storage?.setItem(TOOLTIP_SHOWN_KEY, JSON.stringify([...shown]));
    } catch {
      // It may show again next visit.
    }
  };

  function hide(): void {
    const active = store.getState().active;
    cancel();
    if (!active) return;
    store.setState({ active: null });
    dismissedHere.add(active.definition.id);
    if (!active.definition.showRepeatedly) {
      shown.add(active.definition.id);
      persist();
    }
    later(() => attempt(), TOOLTIP.debounceMs);
  }

  /** Hides the tooltip 150 ms after the last request. */
  function dismiss(): void {
    if (!store.getState().active) return;
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, TOOLTIP.hideDebounceMs);
  }

  return {
    store,
    /** Call on every route change with the route's name. */
    routeChanged(name: string | null) {
      cancel();
      store.setState({ active: null });
      route = name;
      dismissedHere = new Set();
      shown = new Set(readShown());
      later(() => attempt(), TOOLTIP.debounceMs);
    },
    dismiss,
    /**
     * The layer finds no free place for the active tooltip, which has not been in sight: it goes, unrecorded, skipped
     * for the rest of the route, and the next eligible tooltip is tried.
     */
    setAside() {
      const active = store.getState().active;
      if (!active || clockStarted) return;
      cancel();
      store.setState({ active: null });
      dismissedHere.add(active.definition.id);
      later(() => attempt(), TOOLTIP.debounceMs);
    },
    /** The layer has put the active tooltip in sight: its clock starts (once), see `waitForPlace`. */
    inSight() {
      const active = store.getState().active;
      if (active) startClock(active);
    },
    stop() {
      cancel();
      store.setState({ active: null });
    },
    shownIds: () => [...shown],
  };
}

export type TooltipEngine = ReturnType<typeof createTooltipEngine>;
