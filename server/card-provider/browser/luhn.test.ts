import { describe, expect, it } from 'vitest';
import { luhnValid } from './luhn.js';

describe('luhnValid', () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['378282246310005', true],
    ['30569309020004', true],
    ['79927398713', true],
    ['79927398710', false],
    ['0', true],
    ['', false],
    ['4111 1111 1111 1111', false],
    ['41111111111111a1', false],
  ])('%j → %s', (digits, valid) => {
    expect(luhnValid(digits)).toBe(valid);
  });
});
