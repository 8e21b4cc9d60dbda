import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCardProvider, type TokenizeJs } from './cardProvider.js';

// A loaded script is remembered for the page: each test loads from its own address.
let n = 0;
let URL_A = '';
const scripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src === URL_A);
const fakeTokenizeJs = function TokenizeJs() {} as unknown as TokenizeJs;

beforeEach(() => {
  URL_A = `https://cards.test/tokenize-${++n}.js`;
});

afterEach(() => {
  delete window.TokenizeJs;
  document.head.innerHTML = '';
});

describe('loadCardProvider', () => {
  it('uses the TokenizeJs the page already has', async () => {
    window.TokenizeJs = fakeTokenizeJs;
    await expect(loadCardProvider(URL_A)).resolves.toBe(fakeTokenizeJs);
    expect(scripts()).toHaveLength(0);
  });

  it('adds the provider’s script once, however many ask', async () => {
    const first = loadCardProvider(URL_A);
    const second = loadCardProvider(URL_A);
    expect(second).toBe(first);
    expect(scripts()).toHaveLength(1);
    window.TokenizeJs = fakeTokenizeJs;
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(fakeTokenizeJs);
  });

  it('says what went wrong, and tries again next time', async () => {
    const failed = loadCardProvider(URL_A);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(`The card-entry script did not load from ${URL_A}.`);
    expect(scripts()).toHaveLength(0);
    const again = loadCardProvider(URL_A);
    expect(again).not.toBe(failed);
    expect(scripts()).toHaveLength(1);
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(again).rejects.toThrow('it defined no TokenizeJs');
  });
});
