/**
 * Fluent's focus management (tabster: dialogs' focus traps, arrow keys in menus and lists) walks the
 * light DOM unless told to look into shadow roots. Our widgets live in shadow roots, so without this
 * Tab walks out of an open dialog. Fluent reads `window.__tabsterShadowDOMAPI` when it first creates
 * tabster for the page; set it before any widget renders. Only tabster's shadow-DOM helpers are
 * imported here (a few kB); the rest of tabster loads with the components that use it.
 */
import * as shadowDOMAPI from 'tabster/dist/esm/Shadowdomize/index.js';

/** What we use of tabster's page instance: another counted reference to it. */
interface TabsterCore {
  createTabster(noRefCount: boolean): unknown;
}

type TabsterWindow = Window & { __tabsterShadowDOMAPI?: unknown; __tabsterInstance?: TabsterCore };

export function enableShadowDomFocus(win: TabsterWindow = window) {
  win.__tabsterShadowDOMAPI ??= shadowDOMAPI;
  holdTabsterInstance(win);
}

/**
 * tabster disposes its page instance when the last component using it unmounts, which closing a
 * widget's only dialog does; its modalizer then drops the pending update that takes `aria-hidden` off
 * the page it hid while the dialog was open (tabster issue #530), and the host's whole page stays
 * hidden from screen readers. We hold one reference to the instance for the page's life, taken as
 * tabster creates it (with Fluent's options, by the first component that uses it), so it is not
 * disposed under an open page. `__tabsterInstance` is where tabster keeps it on the window.
 */
function holdTabsterInstance(win: TabsterWindow) {
  if (Object.getOwnPropertyDescriptor(win, '__tabsterInstance')?.set) return;
  let instance = win.__tabsterInstance;
  instance?.createTabster(false);
  Object.defineProperty(win, '__tabsterInstance', {
    configurable: true,
    enumerable: false,
    get: () => instance,
    set: (created: TabsterCore | undefined) => {
      instance = created;
      created?.createTabster(false);
    },
  });
}
