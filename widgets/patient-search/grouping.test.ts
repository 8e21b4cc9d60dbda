import { describe, expect, it } from 'vitest';
import { groupByClinic } from './grouping.js';

const p = (name: string, clinicDescription: string) => ({ name, clinicDescription });

describe('groupByClinic', () => {
  it('groups by clinic description in the order results arrive', () => {
    const groups = groupByClinic(
      [p('a', 'Northside Clinic'), p('b', 'Headquarters'), p('c', 'Northside Clinic')],
      3,
    );
    expect(groups.map((g) => [g.clinic, g.patients.map((x) => x.name), g.showHeading])).toEqual([
      ['Northside Clinic', ['a', 'c'], true],
      ['Headquarters', ['b'], true],
    ]);
  });

  it('hides the heading when the practice has one clinic and it is Headquarters', () => {
    expect(groupByClinic([p('a', 'Headquarters')], 1)[0]!.showHeading).toBe(false);
  });

  it('shows the heading for a single clinic that is not Headquarters', () => {
    expect(groupByClinic([p('a', 'Harbor View Dental')], 1)[0]!.showHeading).toBe(true);
  });

  it('shows Headquarters as a heading when the practice has more clinics', () => {
    expect(groupByClinic([p('a', 'Headquarters')], 3)[0]!.showHeading).toBe(true);
  });

  it('gives no groups for no results', () => {
    expect(groupByClinic([], 3)).toEqual([]);
  });
});
