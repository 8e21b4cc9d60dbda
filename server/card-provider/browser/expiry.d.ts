/** Cards are not issued further ahead than this; a later year is a typo. */
export const MAX_YEARS_AHEAD: number;
/** Reads "MM/YY", "MM / YY", "MMYY" or "MM/YYYY"; the year comes back with four digits. */
export function parseExpiry(text: string): { month: number; year: number } | null;
/** What is wrong with an expiry date, or null when the card is good through that month. */
export function expiryProblem(
  month: number,
  year: number,
  today: { year: number; month: number },
): 'invalid' | 'expired' | null;
/** Shapes the expiry field while typing: "1" stays, "4" becomes "04", "1226" becomes "12/26". */
export function formatExpiryInput(text: string): string;
