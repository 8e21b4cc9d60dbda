/**
 * A list call's latency, one request at a time: each call warmed up, then timed `runs` times, and
 * printed as a table of p50 and p95 against a budget (the admin and reimbursement lists' figures).
 */
import { median, ms, percentile, table } from './stats.js';

export interface TimedCall {
  name: string;
  /** One request; answers how many rows match, which the table shows. */
  run: () => Promise<{ totalCount: number }>;
}

export async function printOneAtATime(
  calls: readonly TimedCall[],
  opts: { runs: number; warmUp: number; budgetMs: number },
) {
  const rows: (string | number)[][] = [];
  for (const { name, run } of calls) {
    const first = await run();
    for (let i = 0; i < opts.warmUp; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    rows.push([
      name,
      first.totalCount.toLocaleString('en-US'),
      ms(median(times)),
      ms(p95),
      p95 < opts.budgetMs ? 'within' : 'OVER',
    ]);
  }
  console.log(table(['call', 'matching', 'p50', 'p95', 'budget'], rows, 'lrrrl'));
}
