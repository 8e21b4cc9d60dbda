import { describe, expect, it } from 'vitest';
import { canEditPatients, offersAddPatient, showsCompletedAppointments } from './practiceRules.js';

const add = {
  gatewayCode: 'OPENDENTAL' as const,
  allowAdd: true,
  practiceAllowsAdd: true,
  canEdit: true,
  term: 'maria',
};

describe('offersAddPatient', () => {
  it.each([
    ['Open Dental with a term', add, true],
    ['Dentrix', { ...add, gatewayCode: 'DENTRIX' as const }, false],
    ['Dentrix (not hosted)', { ...add, gatewayCode: 'DENTRIXNH' as const }, false],
    ['Eaglesoft', { ...add, gatewayCode: 'EAGLESOFT' as const }, false],
    ['an empty term', { ...add, term: '' }, false],
    ['a blank term', { ...add, term: '   ' }, false],
    ['allow-add="false"', { ...add, allowAdd: false }, false],
    ['a practice that does not allow adding', { ...add, practiceAllowsAdd: false }, false],
    ['a user without an editing role', { ...add, canEdit: false }, false],
  ])('%s → %s', (_case, rule, expected) => {
    expect(offersAddPatient(rule)).toBe(expected);
  });
});

describe('showsCompletedAppointments', () => {
  const rule = { gatewayCode: 'OPENDENTAL' as const, noSchedule: false, practiceNoSchedule: false };
  it.each([
    ['Open Dental', rule, true],
    ['Dentrix', { ...rule, gatewayCode: 'DENTRIX' as const }, true],
    ['Dentrix (not hosted)', { ...rule, gatewayCode: 'DENTRIXNH' as const }, false],
    ['Eaglesoft', { ...rule, gatewayCode: 'EAGLESOFT' as const }, false],
    ['no-schedule="true"', { ...rule, noSchedule: true }, false],
    ["the practice's no-schedule setting", { ...rule, practiceNoSchedule: true }, false],
  ])('%s → %s', (_case, input, expected) => {
    expect(showsCompletedAppointments(input)).toBe(expected);
  });
});

describe('canEditPatients', () => {
  it.each([
    ['nobody signed in', null, false],
    ['an administrator', { isAdmin: true, practices: [] }, true],
    [
      'a front desk',
      { isAdmin: false, practices: [{ id: 1, roles: ['EDITPAYMENTREQUESTS' as const] }] },
      true,
    ],
    ['a viewer', { isAdmin: false, practices: [{ id: 1, roles: ['VIEWPAYMENTPLANS' as const] }] }, false],
    [
      'an editor of another practice',
      { isAdmin: false, practices: [{ id: 2, roles: ['EDITPAYMENTPLANS' as const] }] },
      false,
    ],
  ])('%s → %s', (_case, profile, expected) => {
    expect(canEditPatients(profile, 1)).toBe(expected);
  });
});
