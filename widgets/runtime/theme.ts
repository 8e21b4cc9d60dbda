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
  const values = themeValues[theme].split(valueSeparator);
  return tokenNames
    .split(' ')
    .map((name, i) => (values[i] && keep(name) ? `--${name}: ${values[i]};` : ''))
    .filter(Boolean)
    .join(' ');
}

/**
 * The reset and the theme as one style sheet's text (the server's first view carries it), with
 * the variables `keep` names and those the reset uses.
 */
export function themeStyleText(theme: ThemeName, keep: (name: string) => boolean): string {
  const inReset = (name: string) => RESET_CSS.includes(`var(--${name})`);
  return `${RESET_CSS}:host{${themeDeclarations(theme, (name) => inReset(name) || keep(name))}}`;
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
