/**
 * @chairside/embed's loader in the DOM: init adds the sandbox's embed.js once and queues its options
 * for it (as the script tag's stub does), getSdk waits for it, and an event listener comes off.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSdk, init, onWidgetEvent } from './index.js';

// A page that has not loaded embed.js yet (the DOM tests share one document between files, and the
// loader's own tests leave its global behind).
const freshPage = () => {
  delete window.Chairside;
  document.head.querySelectorAll('script[src$="embed.js"]').forEach((s) => s.remove());
};
beforeAll(freshPage);
afterAll(freshPage);

describe('@chairside/embed', () => {
  it('asks for init before getSdk', async () => {
    await expect(getSdk()).rejects.toThrow('call init() before getSdk()');
  });

  it('adds embed.js once, queues the options, and hands out the SDK once it has loaded', async () => {
    const options = { apiBaseUrl: 'https://sandbox.test/', auth: { mode: 'oidc', clientId: 'c' } } as const;
    const ready = init(options);
    void init({ ...options, embedUrl: 'https://elsewhere.test/embed.js' });
    const scripts = document.head.querySelectorAll('script');
    expect([...scripts].map((s) => s.src)).toEqual(['https://sandbox.test/embed.js']);
    expect(window.Chairside?.q).toEqual([
      ['init', options],
      ['init', options],
    ]);

    const sdk = { auth: { signedIn: () => Promise.resolve(true) } };
    window.Chairside = { version: '1', sdk: vi.fn(() => Promise.resolve(sdk)) };
    scripts[0]!.dispatchEvent(new Event('load'));
    await ready;
    expect(await getSdk()).toBe(sdk);
  });

  it('stops listening to a widget event', () => {
    const listener = vi.fn();
    const stop = onWidgetEvent('patient-selected', listener);
    document.dispatchEvent(new CustomEvent('patient-selected', { detail: { key: 1 } }));
    stop();
    document.dispatchEvent(new CustomEvent('patient-selected', { detail: { key: 2 } }));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
