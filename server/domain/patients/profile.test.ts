import { describe, expect, it } from 'vitest';
import type { Role } from '../../../embed-sdk/contract/common.js';
import { changesProfile, clinicFor, mayEditPatients } from './profile.js';

const current = {
  firstName: 'Maria',
  lastName: 'Garcia',
  email: 'maria@example.com',
  cell: '5125550100',
  zip: '78704',
  clinicNum: 1,
};

describe('changesProfile', () => {
  it.each([
    ['the same form', {}, false],
    ['an empty ZIP code keeps the stored one', { zip: '' }, false],
    ['no clinic keeps the stored one', { clinicNum: undefined }, false],
    ['a new first name', { firstName: 'Mary' }, true],
    ['a new last name', { lastName: 'García' }, true],
    ['a new e-mail', { email: 'm@example.com' }, true],
    ['a new mobile number', { cell: '5125550101' }, true],
    ['a new ZIP code', { zip: '78701' }, true],
    ['another clinic', { clinicNum: 2 }, true],
  ] as const)('%s → %s', (_what, change, changed) => {
    expect(changesProfile(current, { ...current, ...change })).toBe(changed);
  });
});

describe('clinicFor', () => {
  const clinics = [
    { clinicNum: 0, isHeadquarters: false },
    { clinicNum: 1, isHeadquarters: true },
    { clinicNum: 2, isHeadquarters: false },
  ];
  it.each([
    ['none asked: the headquarters', clinics, undefined, 1],
    [
      'none asked, no headquarters: the first',
      clinics.map((c) => ({ ...c, isHeadquarters: false })),
      undefined,
      0,
    ],
    ['none asked, no clinics: 0', [], undefined, 0],
    ['one of the practice’s', clinics, 2, 2],
    ['not the practice’s', clinics, 7, null],
    ['any, for a practice with none', [], 0, null],
  ] as const)('%s', (_what, list, requested, clinic) => {
    expect(clinicFor(list, requested)).toBe(clinic);
  });
});

describe('mayEditPatients', () => {
  const roles = (...r: Role[]) => new Set<Role>(r);
  it.each([
    ['a front desk that edits payment requests', false, roles('EDITPAYMENTREQUESTS'), true],
    ['one that edits payment plans', false, roles('EDITPAYMENTPLANS'), true],
    ['one that edits memberships', false, roles('EDITMEMBERSHIPS'), true],
    ['a viewer', false, roles('VIEWPAYMENTREQUESTS', 'VIEWDASHBOARD'), false],
    ['an administrator', true, roles(), true],
  ] as const)('%s → %s', (_who, isAdmin, r, may) => {
    expect(mayEditPatients({ isAdmin, roles: r })).toBe(may);
  });
});
