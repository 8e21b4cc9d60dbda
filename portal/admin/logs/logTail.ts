/**
 * The live tail's lines: what each poll brought, put above what was shown, newest first, each line
 * once (a tail may answer a line the list's first page also holds), at most `keep` of them.
 */
import type { LogLine } from '../../../embed-sdk/contract/logs.js';

/** Newest first: by time, then by the order the lines were stored. */
const newestFirst = (a: LogLine, b: LogLine) => b.time.localeCompare(a.time) || b.id - a.id;

export function withTail(shown: readonly LogLine[], arrived: readonly LogLine[], keep: number): LogLine[] {
  const seen = new Set<number>();
  const lines: LogLine[] = [];
  for (const line of [...arrived].sort(newestFirst).concat(shown)) {
    if (seen.has(line.id)) continue;
    seen.add(line.id);
    lines.push(line);
  }
  return lines.slice(0, keep);
}
