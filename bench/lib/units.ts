/** Sizes as the budgets state them: kB = 1000 bytes. */
export const KB = 1000;

export const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/** PASS when `value` is within `budget`, else OVER (with how far). */
export function verdict(value: number, budget: number, format: (n: number) => string = kB): string {
  return value <= budget ? 'PASS' : `OVER by ${format(value - budget)}`;
}
