/**
 * The portal's theme, kept on the device (the spec's data-theme). It is also written on <html> as
 * data-theme, so the page behind the app (and index.html's first paint) has the right colours.
 */
import type { ThemeName } from '../../embed-sdk/index.js';

export const THEME_KEY = 'chairside.portal.theme';

function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readTheme(storage: Storage | null = defaultStorage()): ThemeName {
  return storage?.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

export function writeTheme(theme: ThemeName, storage: Storage | null = defaultStorage()): void {
  storage?.setItem(THEME_KEY, theme);
}

export function applyThemeToDocument(theme: ThemeName, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}
