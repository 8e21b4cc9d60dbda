/**
 * Light or dark, for the whole portal: Fluent's provider gets Chairside's theme (widgets/runtime
 * themes), so every widget the portal places directly follows it, and menus, dialogs and popovers
 * rendered in portals follow it too. The SDK is initialised with the same choice, so widget elements
 * (which read the SDK's theme) match it as well. A page prints in the light theme whatever is shown:
 * paper is white, and the dark theme's light text would not show on it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { FluentProvider, makeStyles } from '@fluentui/react-components';
import type { ThemeName } from '../../embed-sdk/index.js';
import { themes } from '../../widgets/runtime/themes.js';
import { applyThemeToDocument, readTheme, THEME_KEY, writeTheme } from './themeStorage.js';

interface ThemeContextValue {
  theme: ThemeName;
  setTheme(theme: ThemeName): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

const useStyles = makeStyles({
  root: { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
});

export function ThemeProvider({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const [theme, setThemeState] = useState<ThemeName>(() => readTheme());

  useEffect(() => applyThemeToDocument(theme), [theme]);

  // Another tab changed it: follow.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_KEY) setThemeState(readTheme());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setTheme = useCallback((next: ThemeName) => {
    writeTheme(next);
    setThemeState(next);
  }, []);

  const printing = usePrinting();
  const shown = printing ? 'light' : theme;

  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return (
    <ThemeContext.Provider value={value}>
      <FluentProvider theme={themes[shown]} data-theme={shown}>
        {/* Layout goes on a child: Fluent copies the provider's classes onto its portal mount nodes. */}
        <div className={styles.root}>{children}</div>
      </FluentProvider>
    </ThemeContext.Provider>
  );
}

/**
 * Whether the browser is printing the page. The theme must change before the browser lays the page
 * out for print, so the change is rendered at once (flushSync) in `beforeprint`.
 */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme() needs a ThemeProvider.');
  return value;
}
