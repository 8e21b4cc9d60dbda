/**
 * The style sheets a widget's shadow root adopts: the theme's CSS variables on :host (FluentProvider
 * would write them to the document head, which does not reach into a shadow root) and a reset that
 * cuts off what the host page would otherwise pass down by inheritance (fonts, colours, spacing…).
 */
import { themeValues, tokenNames, valueSeparator } from './themeCss.js';

export type ThemeName = 'light' | 'dark';

export function isThemeName(value: unknown): value is ThemeName {
  return value === 'light' || value === 'dark';
}

/**
 * Inside the shadow root, the first element takes explicit values for every inherited property a
 * host page could set (`all: initial`), then Fluent's typography. Host rules on `*`, `button` or
 * `input` never match inside a shadow root; this closes the inheritance path.
 */
const RESET_CSS = `
:host { display: block; }
:host([hidden]) { display: none; }
.chairside-root, .chairside-portals {
  all: initial;
  display: block;
  box-sizing: border-box;
  font-family: var(--fontFamilyBase);
  font-size: var(--fontSizeBase300);
  line-height: var(--lineHeightBase300);
  font-weight: var(--fontWeightRegular);
  color: var(--colorNeutralForeground1);
  text-align: start;
  -webkit-font-smoothing: antialiased;
}
.chairside-root *, .chairside-root *::before, .chairside-root *::after,
.chairside-portals *, .chairside-portals *::before, .chairside-portals *::after { box-sizing: border-box; }
`;

/** A theme's CSS custom properties (`--name: value;`), built from the compact lists in themeCss.ts. */
export function themeDeclarations(theme: ThemeName, keep: (name: string) => boolean = () => true): string {
  return [...valuesOf(theme)]
    .filter(([name]) => keep(name))
    .map(([name, value]) => `--${name}: ${value};`)
    .join(' ');
}

const tokenValues = new Map<ThemeName, Map<string, string>>();

/** A theme's value of each token that has one, by name. */
function valuesOf(theme: ThemeName): Map<string, string> {
  let values = tokenValues.get(theme);
  if (!values) {
    const list = themeValues[theme].split(valueSeparator);
    values = new Map(
      tokenNames
        .split(' ')
        .map((name, i) => [name, list[i] ?? ''] as const)
        .filter(([, value]) => value),
    );
    tokenValues.set(theme, values);
  }
  return values;
}

/**
 * The reset and `css` as one style sheet's text for a server-rendered first view, with the theme's
 * values written in place of its variables: a first view never changes, and its elements then
 * inherit no custom properties (less style work in its one frame). What stays a variable (a form
 * with a fallback, or one the markup's inline styles use: `keep`) is declared on :host.
 */
export function firstViewStyleText(theme: ThemeName, css: string, keep: (name: string) => boolean): string {
  const values = valuesOf(theme);
  const text = (RESET_CSS + css).replace(
    /var\(--([A-Za-z0-9]+)\)/g,
    (ref, name: string) => values.get(name) ?? ref,
  );
  const left = new Set([...text.matchAll(/var\(--([A-Za-z0-9]+)/g)].map((m) => m[1]!));
  const declarations = themeDeclarations(theme, (name) => left.has(name) || keep(name));
  return declarations ? `${text}:host{${declarations}}` : text;
}

const sheets = new Map<string, CSSStyleSheet>();

function sheet(key: string, css: string): CSSStyleSheet {
  let s = sheets.get(key);
  if (!s) {
    s = new CSSStyleSheet();
    s.replaceSync(css);
    sheets.set(key, s);
  }
  return s;
}

/** Adopts the reset and the theme into a shadow root; sheets are shared by every widget on the page. */
export function adoptTheme(shadow: ShadowRoot, theme: ThemeName) {
  const themeSheet = sheet(`theme:${theme}`, `:host{${themeDeclarations(theme)}}`);
  const reset = sheet('reset', RESET_CSS);
  const others = shadow.adoptedStyleSheets.filter((s) => ![...sheets.values()].includes(s));
  shadow.adoptedStyleSheets = [reset, themeSheet, ...others];
}
