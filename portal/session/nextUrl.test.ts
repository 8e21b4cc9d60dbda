import { describe, expect, it } from 'vitest';
import { safeNextUrl, termsUrl } from './nextUrl.js';

describe('nextUrl after the terms', () => {
  it.each([
    ['/transactions', '/transactions'],
    ['/Customer/12?key=1001', '/Customer/12?key=1001'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['https://evil.example.net/', '/dashboard'],
    ['//evil.example.net/x', '/dashboard'],
    ['/\\evil.example.net', '/dashboard'],
    ['/javascript:alert(1)', '/dashboard'],
    ['/terms-of-service?nextUrl=%2Fx', '/dashboard'],
    ['dashboard', '/dashboard'],
  ])('%s → %s', (raw, expected) => {
    expect(safeNextUrl(raw)).toBe(expected);
  });

  it('carries the stopped page, encoded', () => {
    expect(termsUrl('/Customer/12?key=1001')).toBe('/terms-of-service?nextUrl=%2FCustomer%2F12%3Fkey%3D1001');
  });
});
