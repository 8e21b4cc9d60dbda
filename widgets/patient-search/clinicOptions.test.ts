import { describe, expect, it } from 'vitest';
import { clinicChoices, defaultClinic, showsClinicSelect } from './clinicOptions.js';

const three = [
  { clinicNum: 1, description: 'Headquarters' },
  { clinicNum: 2, description: 'Northside Clinic' },
  { clinicNum: 3, description: 'Lakeview Clinic' },
];

describe('clinicChoices', () => {
  it('offers the practice’s clinics', () => {
    expect(clinicChoices({ data: { clinics: three } })).toEqual({
      options: three,
      fallback: false,
      loading: false,
    });
  });

  it('falls back to one option, value 0, when the clinics cannot be read', () => {
    expect(clinicChoices({ error: new Error('500') })).toEqual({
      options: [{ clinicNum: 0, description: 'Headquarters (issue getting clinics)' }],
      fallback: true,
      loading: false,
    });
  });

  it('is loading before either', () => {
    expect(clinicChoices({}).loading).toBe(true);
  });
});

describe('showsClinicSelect', () => {
  it.each([
    ['three clinics', clinicChoices({ data: { clinics: three } }), true],
    ['one clinic', clinicChoices({ data: { clinics: [three[0]!] } }), false],
    ['the fallback', clinicChoices({ error: new Error() }), true],
  ])('%s → %s', (_case, choices, expected) => {
    expect(showsClinicSelect(choices)).toBe(expected);
  });
});

describe('defaultClinic', () => {
  it.each([
    ['the element’s clinic', 3, 3],
    ['Headquarters without one', undefined, 1],
    ['Headquarters for an unknown clinic', 9, 1],
  ])('%s', (_case, preferred, expected) => {
    expect(defaultClinic(three, preferred)?.clinicNum).toBe(expected);
  });

  it('the first clinic when none is Headquarters', () => {
    expect(defaultClinic([{ clinicNum: 0, description: 'Harbor View Dental' }], undefined)?.clinicNum).toBe(
      0,
    );
  });
});
