/** The spec's ordinal filter: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 111th… */
export function ordinal(n: number): string {
  if (!Number.isInteger(n)) return String(n);
  const lastTwo = Math.abs(n) % 100;
  const last = lastTwo % 10;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13 ? 'th' : last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}
