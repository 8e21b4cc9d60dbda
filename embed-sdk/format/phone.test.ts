import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone.js';

describe('formatPhone ((###) ###-####)', () => {
  it.each([
    ['5551234567', '(555) 123-4567'],
    ['555-123-4567', '(555) 123-4567'],
    ['555.123.4567', '(555) 123-4567'],
    ['555 123 4567', '(555) 123-4567'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['(555)123-4567', '(555) 123-4567'],
    ['15551234567', '(555) 123-4567'],
    ['+1 555 123 4567', '(555) 123-4567'],
    ['+1-555-123-4567', '(555) 123-4567'],
    ['1 (555) 123-4567', '(555) 123-4567'],
  ])('%s → %s', (value, expected) => {
    expect(formatPhone(value)).toBe(expected);
  });

  it.each([
    // Not ten digits (after an optional country code 1): left as given.
    ['555-1234'],
    ['25551234567'],
    ['+44 20 7946 0958'],
    ['555-123-4567 x89'],
    ['call the office'],
    ['123456789012'],
  ])('%s stays as given', (value) => {
    expect(formatPhone(value)).toBe(value);
  });

  it.each([null, undefined, ''])('%s → empty', (value) => {
    expect(formatPhone(value)).toBe('');
  });
});
