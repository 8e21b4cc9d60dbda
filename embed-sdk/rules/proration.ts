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

/**
 * `total` cents prorated across parts in proportion to `weights` (each part's own amount), each
 * rounded to the cent, the last absorbing the rounding difference. While `total` is at most the sum
 * of the weights, no part is negative or larger than its weight: a rounded part is kept within what
 * the parts after it can still take (with many tiny parts, plain rounding would push the last part
 * below zero; this clamp changes nothing in the ordinary case).
 */
export function prorate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts: number[] = [];
  let left = total;
  let weightAfter = sum;
  for (let i = 0; i < weights.length - 1; i++) {
    const weight = weights[i]!;
    weightAfter -= weight;
    const exact = sum > 0 ? (total * weight) / sum : 0;
    const part = Math.min(weight, left, Math.max(0, left - weightAfter, Math.round(exact)));
    parts.push(part);
    left -= part;
  }
  parts.push(left);
  return parts;
}
