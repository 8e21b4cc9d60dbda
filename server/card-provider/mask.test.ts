import { describe, expect, it } from 'vitest';
import { lastFour, maskedDescription } from './mask.js';

describe('masking', () => {
  it.each([
    ['4111111111111111', '1111', '•••• 1111'],
    ['378282246310005', '0005', '•••• 0005'],
    ['30569309020004', '0004', '•••• 0004'],
  ])('%s shows as %s', (digits, last4, description) => {
    expect(lastFour(digits)).toBe(last4);
    expect(maskedDescription(lastFour(digits))).toBe(description);
  });
});
