import { describe, expect, it } from 'vitest';
import { rankMatches } from './possibleMatches.js';

const payer = { lastName: 'Garcia', email: 'maria@example.com', phone: '5125550100' };
const p = (firstName: string, lastName: string, email: string, cell: string) => ({
  firstName,
  lastName,
  email,
  cell,
});

describe('rankMatches', () => {
  it('matches on last name and e-mail, ranks a matching phone higher, and never on a phone alone', () => {
    const ranked = rankMatches(payer, [
      p('Luis', 'Garcia', 'luis@example.com', '5125550199'),
      p('Ana', 'Lopez', 'ana@example.com', '5125550100'),
      p('Maria', 'Garcia', 'MARIA@example.com', '5125550100'),
      p('Marta', 'Ruiz', 'maria@example.com', ''),
      p('Carlos', 'Garcia', 'carlos@example.com', '5125550100'),
      p('Nobody', 'Else', 'no@example.com', '5125550000'),
    ]);
    expect(ranked.map((r) => [r.candidate.firstName, r.matchedOn])).toEqual([
      ['Maria', ['LASTNAME', 'EMAIL', 'PHONE']],
      ['Carlos', ['LASTNAME', 'PHONE']],
      ['Marta', ['EMAIL']],
      ['Luis', ['LASTNAME']],
    ]);
    // Ana shares only the phone (a family's, an office's): she is no match.
    expect(ranked.map((r) => r.candidate.firstName)).not.toContain('Ana');
  });

  it('matches nothing on what the payer left blank', () => {
    expect(rankMatches({ lastName: '', email: '', phone: '' }, [p('A', '', '', '')])).toEqual([]);
  });
});
