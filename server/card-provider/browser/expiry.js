// @ts-check
// Card expiry dates, shared by the frame and the server. A card is good through the last day of
// its expiry month. "Today" is passed in: the server uses the sandbox clock, which a tester may have
// moved forward, and hands its month to the frame so both sides agree.

/** Cards are not issued further ahead than this; a later year is a typo. */
export const MAX_YEARS_AHEAD = 20;

/**
 * Reads "MM/YY", "MM / YY", "MMYY" or "MM/YYYY". The year comes back with four digits.
 * @param {string} text
 * @returns {{ month: number, year: number } | null}
 */
export function parseExpiry(text) {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const yy = match[2] ?? '';
  const year = yy.length === 2 ? 2000 + Number(yy) : Number(yy);
  return { month, year };
}

/**
 * What is wrong with an expiry date, or null when the card is still good.
 * @param {number} month 1-12
 * @param {number} year four digits
 * @param {{ year: number, month: number }} today
 * @returns {'invalid' | 'expired' | null}
 */
export function expiryProblem(month, year, today) {
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) return 'invalid';
  if (year > today.year + MAX_YEARS_AHEAD) return 'invalid';
  if (year < today.year || (year === today.year && month < today.month)) return 'expired';
  return null;
}

/**
 * Shapes the expiry field while typing: "1" stays, "4" becomes "04", "1226" becomes "12/26".
 * @param {string} text
 * @returns {string}
 */
export function formatExpiryInput(text) {
  let digits = text.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}
