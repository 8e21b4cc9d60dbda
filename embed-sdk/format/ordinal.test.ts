import { describe, expect, it } from 'vitest';
import { ordinal } from './ordinal.js';

describe('ordinal', () => {
  it.each([
    [0, '0th'],
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [14, '14th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [28, '28th'],
    [31, '31st'],
    [100, '100th'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
    [113, '113th'],
    [122, '122nd'],
    [1001, '1001st'],
    [-1, '-1st'],
    [-12, '-12th'],
  ])('%i → %s', (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });

  it('leaves a fraction as a number', () => {
    expect(ordinal(1.5)).toBe('1.5');
  });
});
