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
