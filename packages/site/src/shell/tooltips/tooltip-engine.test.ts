import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TooltipDefinition } from './definitions';
import { createTooltipEngine, TOOLTIP_SHOWN_KEY } from './tooltip-engine';

const def = (id: string, extra: Partial<TooltipDefinition> = {}): TooltipDefinition => ({
  id,
  isActive: false,
  route: 'post',
  message: `${id} message`,
  selector: `[data-tooltip-anchor="${id}"]`,
  placement: 'bottom',
  ...extra,
});

const addAnchor = (id: string) => {
  const el = document.createElement('span');
  el.setAttribute('data-tooltip-anchor', id);
  document.body.append(el);
  return el;
};

describe('tooltip engine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    document.body.innerHTML = '';
  });
  afterEach(() => vi.useRealTimers());

  const activeId = (engine: ReturnType<typeof createTooltipEngine>) => engine.store.getState().active?.definition.id ?? null;

  it('shows the first eligible tooltip of the route after 100 ms, one at a time, and hides it after 9 s (and the 150 ms hide debounce) as shown', () => {
    addAnchor('a');
    addAnchor('b');
    const engine = createTooltipEngine({ definitions: [def('other', { route: 'home list' }), def('a'), def('b')], storage: localStorage });
    engine.routeChanged('post');
    vi.advanceTimersByTime(99);
    expect(activeId(engine)).toBeNull();
    vi.advanceTimersByTime(1);
    expect(activeId(engine)).toBe('a');
    vi.advanceTimersByTime(9000 + 149);
    expect(activeId(engine)).toBe('a');
    vi.advanceTimersByTime(1);
    expect(activeId(engine)).toBeNull();
    expect(JSON.parse(localStorage.getItem(TOOLTIP_SHOWN_KEY) ?? '[]')).toEqual(['a']);
    vi.advanceTimersByTime(100);
    expect(activeId(engine)).toBe('b');
  });

  it('with waitForPlace, starts the 250 ms and the 9 s only once the layer puts the tooltip in sight', () => {
    addAnchor('a');
    const engine = createTooltipEngine({ definitions: [def('a')], storage: localStorage, waitForPlace: true });
    engine.routeChanged('post');
    vi.advanceTimersByTime(100);
    expect(activeId(engine)).toBe('a');
    // Waiting out of sight: neither a click nor the time hides it, and it is not recorded as shown.
    vi.advanceTimersByTime(300);
    document.body.click();
    vi.advanceTimersByTime(20_000);
    expect(activeId(engine)).toBe('a');
    expect(localStorage.getItem(TOOLTIP_SHOWN_KEY)).toBeNull();
    engine.inSight();
    vi.advanceTimersByTime(5000);
    engine.inSight();
    vi.advanceTimersByTime(4000 + 149);
    expect(activeId(engine)).toBe('a');
    vi.advanceTimersByTime(1);
    expect(activeId(engine)).toBeNull();
    expect(JSON.parse(localStorage.getItem(TOOLTIP_SHOWN_KEY) ?? '[]')).toEqual(['a']);
  });

  it('sets aside for the route, unrecorded, a tooltip that found no place before it was in sight, and tries the next', () => {
    addAnchor('a');
    addAnchor('b');
    const engine = createTooltipEngine({ definitions: [def('a'), def('b')], storage: localStorage, waitForPlace: true });
    engine.routeChanged('post');
    vi.advanceTimersByTime(100);
    expect(activeId(engine)).toBe('a');
    engine.setAside();
    expect(activeId(engine)).toBeNull();
    vi.advanceTimersByTime(100);
    expect(activeId(engine)).toBe('b');
    // Once in sight, it is no longer set aside: its 9 s run out and it is recorded.
    engine.inSight();
    engine.setAside();
    expect(activeId(engine)).toBe('b');
    vi.advanceTimersByTime(9150);
    expect(JSON.parse(localStorage.getItem(TOOLTIP_SHOWN_KEY) ?? '[]')).toEqual(['b']);
    vi.advanceTimersByTime(1000);
    expect(activeId(engine)).toBeNull();
    // The next route tries the one set aside again.
    engine.routeChanged('post');
    vi.advanceTimersByTime(100);
    expect(activeId(engine)).toBe('a');
  });

  it('never shows a tooltip again once shown (persisted), unless it repeats', () => {
    addAnchor('a');
    localStorage.setItem(TOOLTIP_SHOWN_KEY, JSON.stringify(['a']));
    const engine = createTooltipEngine({ definitions: [def('a')], storage: localStorage });
    engine.routeChanged('post');
    vi.advanceTimersByTime(5000);
    expect(activeId(engine)).toBeNull();
    const repeating = createTooltipEngine({ definitions: [def('a', { showRepeatedly: true })], storage: localStorage });
    repeating.routeChanged('post');
    vi.advanceTimersByTime(100);
    expect(activeId(repeating)).toBe('a');
  });

  it('is dismissed by a click only after 250 ms, and stayVisible ones do not time out', () => {
    addAnchor('a');
    const engine = createTooltipEngine({ definitions: [def('a', { stayVisible: true, isActive: true, route: null })], storage: localStorage });
    engine.routeChanged('anything');
    vi.advanceTimersByTime(100);
    document.body.click();
    expect(activeId(engine)).toBe('a');
    vi.advanceTimersByTime(250);
    vi.advanceTimersByTime(60_000);
    expect(activeId(engine)).toBe('a');
    document.body.click();
    vi.advanceTimersByTime(150);
    expect(activeId(engine)).toBeNull();
    expect(engine.shownIds()).toEqual(['a']);
  });

  it('hides 150 ms after the last request to hide; a route change removes it at once', () => {
    addAnchor('a');
    const engine = createTooltipEngine({ definitions: [def('a', { showRepeatedly: true })], storage: null });
    engine.routeChanged('post');
    vi.advanceTimersByTime(100 + 250);
    document.body.click();
    vi.advanceTimersByTime(149);
    expect(activeId(engine)).toBe('a');
    document.body.click();
    vi.advanceTimersByTime(149);
    expect(activeId(engine)).toBe('a');
    vi.advanceTimersByTime(1);
    expect(activeId(engine)).toBeNull();

    engine.routeChanged('post');
    vi.advanceTimersByTime(100 + 250);
    expect(activeId(engine)).toBe('a');
    engine.dismiss();
    engine.routeChanged('home list');
    expect(activeId(engine)).toBeNull();
    vi.advanceTimersByTime(10_000);
    expect(activeId(engine)).toBeNull();
  });

  it('retries 5 times at 500 ms for a missing anchor, then gives up', () => {
    const engine = createTooltipEngine({ definitions: [def('late')], storage: localStorage });
    engine.routeChanged('post');
    vi.advanceTimersByTime(100 + 500 * 2);
    addAnchor('late');
    vi.advanceTimersByTime(500);
    expect(activeId(engine)).toBe('late');

    document.body.innerHTML = '';
    const never = createTooltipEngine({ definitions: [def('gone')], storage: null });
    never.routeChanged('post');
    vi.advanceTimersByTime(100 + 500 * 5);
    addAnchor('gone');
    vi.advanceTimersByTime(10_000);
    expect(activeId(never)).toBeNull();
  });

  it('waits while page scroll is locked, polling up to 5 s', () => {
    addAnchor('a');
    let locked = true;
    const engine = createTooltipEngine({ definitions: [def('a')], storage: localStorage, isScrollLocked: () => locked });
    engine.routeChanged('post');
    vi.advanceTimersByTime(100 + 1000);
    expect(activeId(engine)).toBeNull();
    locked = false;
    vi.advanceTimersByTime(100);
    expect(activeId(engine)).toBe('a');

    locked = true;
    const patient = createTooltipEngine({ definitions: [def('a', { showRepeatedly: true })], storage: null, isScrollLocked: () => locked });
    patient.routeChanged('post');
    vi.advanceTimersByTime(100 + 5000);
    locked = false;
    vi.advanceTimersByTime(5000);
    expect(activeId(patient)).toBeNull();
  });
});
