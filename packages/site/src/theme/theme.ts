import { createStore, useStore } from 'zustand';
import { safeStorage } from '../lib/storage';

/** shell-and-account.md §4 "Dark mode": System (null on the profile) follows the system, Dark and Light are fixed. */
export type ThemePreference = 'system' | 'dark' | 'light';
export type Theme = 'dark' | 'light';

/** Same key and rules as the inline script in index.html, which applies the theme before first paint. */
export const THEME_STORAGE_KEY = 'guffaw.theme';

export function readSavedPreference(storage: Pick<Storage, 'getItem'> | null = safeStorage()): ThemePreference {
  const saved = storage?.getItem(THEME_STORAGE_KEY);
  return saved === 'dark' || saved === 'light' ? saved : 'system';
}

/** `?theme=dark|light` switches the theme for this visit without saving it (shell-and-account.md §2). */
export function themeFromQuery(search: string): Theme | null {
  const value = new URLSearchParams(search).get('theme');
  return value === 'dark' || value === 'light' ? value : null;
}

export const resolveTheme = (preference: ThemePreference, systemDark: boolean): Theme =>
  preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
}

const systemQuery = () => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null);

export type ThemeState = {
  preference: ThemePreference;
  /** From the address; wins over the preference until the page is reloaded without it. */
  override: Theme | null;
  systemDark: boolean;
};
export type ThemeActions = {
  /** Saves locally (and the user store saves it to the profile when logged in) and drops the address override. */
  setPreference(preference: ThemePreference): void;
  setSystemDark(dark: boolean): void;
};

export const createThemeStore = (initial: Partial<ThemeState> = {}) =>
  createStore<ThemeState & ThemeActions>()((set) => ({
    preference: readSavedPreference(),
    override: typeof location === 'undefined' ? null : themeFromQuery(location.search),
    systemDark: systemQuery()?.matches ?? false,
    ...initial,
    setPreference(preference) {
      const storage = safeStorage();
      try {
        if (preference === 'system') storage?.removeItem(THEME_STORAGE_KEY);
        else storage?.setItem(THEME_STORAGE_KEY, preference);
      } catch {
        // Private mode without storage: the choice still holds for this visit.
      }
      set({ preference, override: null });
    },
    setSystemDark(systemDark) {
      set({ systemDark });
    },
  }));

export const themeStore = createThemeStore();

export const currentTheme = (s: ThemeState): Theme => s.override ?? resolveTheme(s.preference, s.systemDark);

export function useTheme<T>(selector: (s: ThemeState & ThemeActions) => T): T {
  return useStore(themeStore, selector);
}

/** Keeps <html data-theme> in step with the store and the system setting; returns the cleanup. */
export function startThemeSync(store = themeStore): () => void {
  const media = systemQuery();
  const onSystem = (event: MediaQueryListEvent) => store.getState().setSystemDark(event.matches);
  media?.addEventListener('change', onSystem);
  applyTheme(currentTheme(store.getState()));
  const unsubscribe = store.subscribe((state) => applyTheme(currentTheme(state)));
  return () => {
    media?.removeEventListener('change', onSystem);
    unsubscribe();
  };
}
