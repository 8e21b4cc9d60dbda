/** A rate in basis points as people read it: 300 → '3%', 350 → '3.5%', 275 → '2.75%'. */
export function formatRate(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}
