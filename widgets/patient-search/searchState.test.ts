import { describe, expect, it } from 'vitest';
import { searchState } from './searchState.js';

describe('searchState', () => {
  it.each([
    ['nothing typed', { term: '', searchedTerm: '', settled: false }, 'ready'],
    ['nothing typed, an old search settled', { term: '', searchedTerm: 'gar', settled: true }, 'ready'],
    [
      'typed, waiting out the debounce',
      { term: 'garc', searchedTerm: 'gar', settled: true },
      'results.loading',
    ],
    ['searching', { term: 'gar', searchedTerm: 'gar', settled: false }, 'results.loading'],
    ['answered (or failed)', { term: 'gar', searchedTerm: 'gar', settled: true }, 'results.complete'],
  ] as const)('%s → %s', (_case, input, expected) => {
    expect(searchState(input)).toBe(expected);
  });
});
