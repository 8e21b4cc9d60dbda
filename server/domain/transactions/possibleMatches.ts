/**
 * Possible Matches of an unassociated payment (part 2, "Associate Transaction"): the practice's
 * patients whose last name or e-mail is the payer's (the spec matches on those two), best first. A
 * phone that matches too ranks the patient higher, and the dialog says so; a phone alone is no match
 * (a family, a shared office line). More matches rank higher; among as many, an e-mail match beats a
 * last-name match, which beats a phone match (a family shares a last name and often a phone, rarely
 * an e-mail). Pure.
 */

export type MatchedOn = 'LASTNAME' | 'EMAIL' | 'PHONE';

export interface Payer {
  lastName: string;
  email: string;
  /** Digits only. */
  phone: string;
}

export interface Candidate {
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
}

const WEIGHT: Record<MatchedOn, number> = { EMAIL: 4, LASTNAME: 2, PHONE: 1 };

export function matchedOn(payer: Payer, c: Candidate): MatchedOn[] {
  const on: MatchedOn[] = [];
  if (payer.lastName && c.lastName.toLowerCase() === payer.lastName.toLowerCase()) on.push('LASTNAME');
  if (payer.email && c.email.toLowerCase() === payer.email.toLowerCase()) on.push('EMAIL');
  if (payer.phone && c.cell === payer.phone) on.push('PHONE');
  return on;
}

/** The candidates that match, best first, each with what matched. */
export function rankMatches<C extends Candidate>(payer: Payer, candidates: readonly C[]) {
  const score = (on: MatchedOn[]) => on.length * 10 + on.reduce((n, m) => n + WEIGHT[m], 0);
  return candidates
    .map((c) => ({ candidate: c, matchedOn: matchedOn(payer, c) }))
    .filter((m) => m.matchedOn.some((on) => on !== 'PHONE'))
    .sort(
      (a, b) =>
        score(b.matchedOn) - score(a.matchedOn) ||
        a.candidate.lastName.localeCompare(b.candidate.lastName) ||
        a.candidate.firstName.localeCompare(b.candidate.firstName),
    );
}
