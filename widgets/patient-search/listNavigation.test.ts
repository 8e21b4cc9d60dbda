import { describe, expect, it } from 'vitest';
import { moveActive } from './listNavigation.js';

const ids = ['a', 'b', 'c'];

describe('moveActive', () => {
  it.each([
    ['next from nothing', null, 'next', 'a'],
    ['previous from nothing', null, 'previous', 'c'],
    ['next', 'a', 'next', 'b'],
    ['previous', 'b', 'previous', 'a'],
    ['next at the end stays', 'c', 'next', 'c'],
    ['previous at the start stays', 'a', 'previous', 'a'],
    ['next from an option that went away', 'x', 'next', 'a'],
  ] as const)('%s', (_case, current, move, expected) => {
    expect(moveActive(ids, current, move)).toBe(expected);
  });

  it('has nothing to move to in an empty list', () => {
    expect(moveActive([], null, 'next')).toBeNull();
  });
});
