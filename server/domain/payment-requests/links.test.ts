import { describe, expect, it } from 'vitest';
import type { Role } from '../../../embed-sdk/contract/common.js';
import { mayCopyLink } from './links.js';

describe('mayCopyLink', () => {
  it.each([
    [['EDITPAYMENTREQUESTS'], true],
    [['VIEWPAYMENTREQUESTS', 'EDITPAYMENTREQUESTS'], true],
    [['VIEWPAYMENTREQUESTS'], false],
    [[], false],
  ] as const)('%j → %s', (roles, may) => {
    expect(mayCopyLink(new Set<Role>(roles))).toBe(may);
  });
});
