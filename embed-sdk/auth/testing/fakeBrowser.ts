/**
 * Just enough of a browser page for auth tests in Node: an address that can be navigated and
 * rewritten, localStorage, and the window events oidc-client-ts listens to. Tests only.
 */
import { InMemoryWebStorage } from 'oidc-client-ts';
import { vi } from 'vitest';

export interface FakeBrowser {
  /** Every address the page was sent to with location.assign (sign-in and sign-out redirects). */
  navigations: string[];
  storage: Storage;
  /** The page's current address. */
  readonly href: string;
  /** Loads a new page at this address (same storage, like a redirect back to the site). */
  open(href: string): void;
}

export function installFakeBrowser(href: string, storage: Storage = new InMemoryWebStorage()): FakeBrowser {
  const navigations: string[] = [];
  const location = {
    href,
    get origin() {
      return new URL(this.href).origin;
    },
    assign: (url: string) => void navigations.push(url),
    replace: (url: string) => void navigations.push(url),
  };
  const history = {
    state: null as unknown,
    replaceState(state: unknown, _unused: string, url: string) {
      history.state = state;
      location.href = new URL(url, location.href).href;
    },
  };
  const window = {
    location,
    history,
    localStorage: storage,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    stop: () => undefined,
  } as unknown as Window & typeof globalThis;
  Object.assign(window, { self: window, top: window });
  vi.stubGlobal('window', window);
  vi.stubGlobal('location', location);
  vi.stubGlobal('history', history);
  vi.stubGlobal('localStorage', storage);
  return {
    navigations,
    storage,
    get href() {
      return location.href;
    },
    open(next) {
      location.href = next;
    },
  };
}
