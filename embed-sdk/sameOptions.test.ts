import { describe, expect, it } from 'vitest';
import { sameOptions } from './sameOptions.js';

const getToken = () => 'x';

describe('sameOptions', () => {
  it.each([
    [
      { apiBaseUrl: 'a', auth: { mode: 'oidc', clientId: 'c' } },
      { auth: { clientId: 'c', mode: 'oidc' }, apiBaseUrl: 'a' },
      true,
    ],
    [{ apiBaseUrl: 'a', theme: undefined }, { apiBaseUrl: 'a' }, true],
    [{ auth: { mode: 'token', getToken } }, { auth: { mode: 'token', getToken } }, true],
    [{ auth: { mode: 'token', getToken } }, { auth: { mode: 'token', getToken: () => 'x' } }, false],
    [{ apiBaseUrl: 'a' }, { apiBaseUrl: 'b' }, false],
    [{ apiBaseUrl: 'a' }, { apiBaseUrl: 'a', theme: 'dark' }, false],
    [{ list: [1, 2] }, { list: [1, 2] }, true],
    [{ list: [1, 2] }, { list: { 0: 1, 1: 2 } }, false],
    [null, {}, false],
  ])('%j vs %j → %s', (a, b, same) => {
    expect(sameOptions(a, b)).toBe(same);
  });
});
