/**
 * Fluent's focus management (tabster: dialogs' focus traps, arrow keys in menus and lists) walks the
 * light DOM unless told to look into shadow roots. Our widgets live in shadow roots, so without this
 * Tab walks out of an open dialog. Fluent reads `window.__tabsterShadowDOMAPI` when it first creates
 * tabster for the page; set it before any widget renders. Only tabster's shadow-DOM helpers are
 * imported here (a few kB); the rest of tabster loads with the components that use it.
 */
import * as shadowDOMAPI from 'tabster/dist/esm/Shadowdomize/index.js';

export function enableShadowDomFocus(win: Window & { __tabsterShadowDOMAPI?: unknown } = window) {
  win.__tabsterShadowDOMAPI ??= shadowDOMAPI;
}
