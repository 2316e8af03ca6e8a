import { vi } from 'vitest';

/** Stubs matchMedia for a window `width` px wide (min-width / max-width queries and prefers-color-scheme). */
export function setWindowWidth(width: number, dark = false): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const scheme = /prefers-color-scheme:\s*(\w+)/.exec(query);
    const matches = scheme ? (scheme[1] === 'dark') === dark : (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, addEventListener: () => undefined, removeEventListener: () => undefined, onchange: null } as unknown as MediaQueryList;
  });
}

/** An IntersectionObserver that never reports: feeds render without loading more or archiving streams. */
export class QuietObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
