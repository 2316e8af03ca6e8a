import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, createThemeStore, currentTheme, readSavedPreference, resolveTheme, startThemeSync, THEME_STORAGE_KEY, themeFromQuery } from './theme';

describe('theme', () => {
  afterEach(() => localStorage.clear());

  it('reads the saved preference, System when nothing valid is saved', () => {
    expect(readSavedPreference()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(readSavedPreference()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readSavedPreference()).toBe('system');
  });

  it('takes theme=dark|light from the address and nothing else', () => {
    expect(themeFromQuery('?theme=dark')).toBe('dark');
    expect(themeFromQuery('?a=1&theme=light')).toBe('light');
    expect(themeFromQuery('?theme=blue')).toBeNull();
    expect(themeFromQuery('')).toBeNull();
  });

  it('follows the system only for System', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('lets the address override win until a preference is chosen, which is saved', () => {
    const store = createThemeStore({ preference: 'light', override: 'dark', systemDark: false });
    expect(currentTheme(store.getState())).toBe('dark');
    store.getState().setPreference('light');
    expect(currentTheme(store.getState())).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    store.getState().setPreference('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('keeps <html data-theme> in step with the store', () => {
    const store = createThemeStore({ preference: 'system', override: null, systemDark: false });
    const stop = startThemeSync(store);
    expect(document.documentElement.dataset.theme).toBe('light');
    store.getState().setSystemDark(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    stop();
    applyTheme('light');
  });
});
