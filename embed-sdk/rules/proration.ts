/**
 * Splitting an amount of integer cents into parts. Prorations give the rounding remainder to the last
 * part, so the parts always add up to the whole exactly (ARCHITECTURE.md, "Rules that hold
 * everywhere").
 */

/**
 * `total` cents in `parts` equal parts, in whole cents: each part is the same, rounded down, and the
 * last takes what is left (a plan's cycles, the later cycles of an edited schedule).
 */
export function splitEvenly(total: number, parts: number): number[] {
  if (!Number.isSafeInteger(total) || total < 0) {
    throw new RangeError(`total must be a whole, non-negative number of cents, got ${total}.`);
  }
  if (!Number.isSafeInteger(parts) || parts < 1) {
    throw new RangeError(`parts must be a whole number of at least 1, got ${parts}.`);
  }
  const each = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => (i === parts - 1 ? total - each * (parts - 1) : each));
}

/** a × b ÷ c rounded half up, exactly: amounts up to 99,999,999 cents multiply past 2^53. */
function mulDivRound(a: number, b: number, c: number): number {
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));
}

/**
 * `total` cents prorated across `splits` (the pay splits of a practice-system payment, each what is
 * left of it to refund), to the cent, the last part absorbing the rounding (spec part 2, section 9).
 *
 * Each part is the rounded running share less the parts before it: for the first split that is its
 * own share rounded, and the remainder of the rounding always lands on a later part, the last one at
 * the end. Unlike rounding each share alone, no part goes below 0 or past its split, so a refund
 * never gives back more than a split has left.
 */
export function prorate(total: number, splits: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) {
    throw new RangeError(`total must be a whole, non-negative number of cents, got ${total}.`);
  }
  if (splits.some((s) => !Number.isSafeInteger(s) || s < 0)) {
    throw new RangeError(`splits must be whole, non-negative numbers of cents, got ${splits.join(', ')}.`);
  }
  const whole = splits.reduce((sum, s) => sum + s, 0);
  if (total > whole) {
    throw new RangeError(`${total} cents cannot be prorated across splits that hold ${whole}.`);
  }
  if (whole === 0) return splits.map(() => 0);
  let running = 0;
  let given = 0;
  return splits.map((split, i) => {
    running += split;
    const upTo = i === splits.length - 1 ? total : mulDivRound(total, running, whole);
    const part = upTo - given;
    given = upTo;
    return part;
  });
}
