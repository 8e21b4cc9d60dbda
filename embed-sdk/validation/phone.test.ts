import { describe, expect, it } from 'vitest';
import { isPhoneNumber, phoneNumber } from './phone.js';

describe('phoneNumber', () => {
  it.each([
    '5551234567',
    '555-123-4567',
    '555.123.4567',
    '555 123 4567',
    '(555) 123-4567',
    '(555)123-4567',
    '15551234567',
    '1-555-123-4567',
    '+1 555 123 4567',
    '+1 (555) 123-4567',
    '+44 555.123.4567',
    '555-123-4567 x12',
    '555-123-4567 ext. 1234',
    '555-123-4567 extension 9',
    '5551234567x1',
    ' 555-123-4567 ',
  ])('accepts %j', (text) => {
    expect(isPhoneNumber(text)).toBe(true);
    expect(phoneNumber('mobile').safeParse(text).success).toBe(true);
  });

  it.each([
    '',
    '555-1234',
    '555123456',
    '55512345678901',
    '555-123-45678',
    '555_123_4567',
    '555/123/4567',
    'phone',
    '555-CALL-NOW',
    '555-123-4567 x',
    '(555 123-4567',
  ])('rejects %j with the spec message', (text) => {
    expect(isPhoneNumber(text)).toBe(false);
    expect(
      phoneNumber('mobile')
        .safeParse(text)
        .error?.issues.map((i) => i.message),
    ).toEqual(['The mobile is not a valid phone number.']);
  });

  it('lets an empty optional field pass ("if given")', () => {
    expect(phoneNumber('mobile', { optional: true }).safeParse('').success).toBe(true);
    expect(phoneNumber('mobile', { optional: true }).safeParse('555').success).toBe(false);
  });
});
