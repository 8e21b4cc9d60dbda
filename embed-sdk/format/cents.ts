/**
 * Splits integer cents into sign, whole dollars and the two-digit remainder with integer arithmetic
 * only: dividing by 100 in floating point is where "$0.29999999" comes from. The display format and
 * the money input format both build on this.
 */
export interface CentsParts {
  negative: boolean;
  /** Whole dollars, without grouping. */
  dollars: string;
  /** Always two digits. */
  cents: string;
}

export function splitCents(amount: number): CentsParts {
  // Amounts are integers on the wire; a stray fraction (from a computed value) rounds to the cent.
  const whole = Math.round(amount);
  const magnitude = Math.abs(whole);
  return {
    negative: whole < 0,
    dollars: String(Math.trunc(magnitude / 100)),
    cents: String(magnitude % 100).padStart(2, '0'),
  };
}
