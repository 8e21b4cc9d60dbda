/**
 * Light or dark, for the whole portal: Fluent's provider gets Chairside's theme (widgets/runtime
 * themes), so every widget the portal places directly follows it, and menus, dialogs and popovers
 * rendered in portals follow it too. The SDK is initialised with the same choice, so widget elements
 * (which read the SDK's theme) match it as well. A page prints in the light theme whatever is shown:
 * paper is white, and the dark theme's light text would not show on it.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
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

/**
 * `rendered`: the theme the server rendered the page's HTML in (the patient's own entry), which the
 * browser must adopt as it is before it follows the device's choice. That HTML already shows the
 * device's choice: it carries both themes' variables, chosen by the document's data-theme.
 */
export function ThemeProvider({ children, rendered }: { children: ReactNode; rendered?: ThemeName }) {
  const styles = useStyles();
  const [theme, setThemeState] = useState<ThemeName>(() => rendered ?? readTheme());

  const adopting = useRef(rendered !== undefined);
  useEffect(() => {
    if (adopting.current) {
      adopting.current = false;
      // Adopted from the server's HTML in another theme than the device's: follow the device.
      const kept = readTheme();
      if (kept !== theme) return setThemeState(kept);
    }
    applyThemeToDocument(theme);
  }, [theme]);

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
