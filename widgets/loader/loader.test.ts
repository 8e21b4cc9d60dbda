// @vitest-environment jsdom
/**
 * The loader's first move on a page that already holds a patient search and gives its token at
 * once: the element's first view is asked for while embed.js runs, before any element is defined
 * (defining and upgrading them takes milliseconds the request need not wait for), as a form POST
 * that needs no CORS preflight, and only once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { widgetDefinitions, widgetFolder } from '../definitions.js';
import { earlyRequests } from './earlyRequests.js';

interface Asked {
  url: string;
  method: string | undefined;
  headers: HeadersInit | undefined;
  body: unknown;
  credentials: RequestCredentials | undefined;
  definedYet: boolean;
}

describe('embed.js on a page with a host token', () => {
  const asked: Asked[] = [];

  beforeEach(() => {
    // What the build writes into embed.js: where each widget's code is, and its early requests.
    Object.assign(globalThis, {
      __CHAIRSIDE_VERSION__: 'test',
      __CHAIRSIDE_WIDGETS__: Object.fromEntries(
        widgetDefinitions.map((d) => [d.tag, `widgets/${widgetFolder(d.tag)}-test.js`]),
      ),
      __CHAIRSIDE_WIDGET_DEPS__: { chunks: '', imports: {} },
      __CHAIRSIDE_EARLY_REQUESTS__: earlyRequests(widgetDefinitions),
    });
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      asked.push({
        url,
        method: init?.method,
        headers: init?.headers,
        body: init?.body,
        credentials: init?.credentials,
        definedYet: customElements.get('chairside-patient-search') !== undefined,
      });
      return new Promise<Response>(() => undefined); // the server is never heard from here
    });
    document.body.innerHTML =
      '<chairside-patient-search term="okafor" no-schedule="true" class="host"></chairside-patient-search>';
    window.Chairside = {
      q: [['init', { apiBaseUrl: 'https://api.test', auth: { mode: 'token', getToken: () => 'tok.en' } }]],
    };
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('asks for the first view before it defines the elements, once, without a preflight', async () => {
    await import('./index.js');
    // Asked during the import itself: nothing waited for a microtask or an element definition.
    expect(asked).toHaveLength(1);
    const [request] = asked;
    expect(request!.definedYet).toBe(false);
    const url = new URL(request!.url);
    expect(url.origin + url.pathname).toBe('https://api.test/api/widget/firstView');
    expect(url.searchParams.get('term')).toBe('okafor');
    // Every attribute of the widget's by its own name, and only those (not the page's class).
    expect(url.searchParams.get('no-schedule')).toBe('true');
    expect(url.searchParams.has('class')).toBe(false);
    expect(url.searchParams.get('tag')).toBe('chairside-patient-search');
    expect(url.searchParams.has('access_token')).toBe(false); // a token never goes in a URL
    expect(request).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'access_token=tok.en',
      credentials: 'include',
    });

    // The element, now defined and upgraded, finds that request instead of making another.
    expect(customElements.get('chairside-patient-search')).toBeDefined();
    expect(document.querySelector('chairside-patient-search')!.shadowRoot).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toHaveLength(1);
  });
});
