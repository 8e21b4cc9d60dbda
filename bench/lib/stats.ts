/** Percentiles and a fixed-width table for printing figures. */

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/**
 * Columns are padded to their widest cell: the first to the left, the others to the right (figures),
 * unless `align` says otherwise, one letter per column ('l' or 'r').
 */
export function table(headers: string[], rows: (string | number)[][], align?: string): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const left = (i: number) => (align ? align[i] === 'l' : i === 0);
  const line = (r: string[]) =>
    r.map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.slice(1).map(line)]
    .map((l) => l.trimEnd())
    .join('\n');
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
