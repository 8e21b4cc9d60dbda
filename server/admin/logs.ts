/**
 * The admin area's Log Files: the server log's lines (server/logs/), found by the screen's filters,
 * each with its practice's name. A page of a list stays where its first page was (`upTo`); a tail
 * answers what was stored since the last answer (`after`).
 */
import {
  LOG_COUNT_CAP,
  LOG_LEVEL_NUMBERS,
  LOG_LEVELS,
  LOG_PAGE_SIZE,
  LOG_TAIL_MAX,
  type LogLevel,
  type LogLine,
} from '../../embed-sdk/contract/logs.js';
import type { AppContext } from '../context.js';
import { countLogLines, findLogLines, newestLogId, type LogFilter } from '../logs/store.js';
import { practicesNamed } from '../practices/store.js';

export interface LogQuery {
  level?: LogLevel;
  companyId?: number;
  requestId?: string;
  text?: string;
  from?: string;
  to?: string;
  upTo?: number;
  after?: number;
  page: number;
}

/** pino's number as the contract's level: a custom number shows as the level below it. */
function levelOf(n: number): LogLevel {
  let level: LogLevel = 'trace';
  for (const l of LOG_LEVELS) if (LOG_LEVEL_NUMBERS[l] <= n) level = l;
  return level;
}

export async function searchServerLog(
  ctx: AppContext,
  query: LogQuery,
): Promise<{ lines: LogLine[]; totalCount: number; capped: boolean; newestId: number }> {
  // Read first: a line stored while this answers is the next tail's, never lost between the two.
  const newestId = await newestLogId(ctx.db);
  const tail = query.after !== undefined;
  const filter: LogFilter = {
    minLevel: query.level ? LOG_LEVEL_NUMBERS[query.level] : undefined,
    companyId: query.companyId,
    requestId: query.requestId,
    text: query.text || undefined,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    upTo: tail ? newestId : (query.upTo ?? newestId),
    after: query.after,
  };
  const [rows, counted] = await Promise.all([
    findLogLines(
      ctx.db,
      filter,
      tail
        ? { offset: 0, limit: LOG_TAIL_MAX }
        : { offset: (query.page - 1) * LOG_PAGE_SIZE, limit: LOG_PAGE_SIZE },
    ),
    tail ? null : countLogLines(ctx.db, filter, LOG_COUNT_CAP),
  ]);
  const ids = [...new Set(rows.flatMap((r) => (r.companyId === null ? [] : [r.companyId])))];
  const names = new Map((await practicesNamed(ctx.db, ids)).map((c) => [c.id, c.name]));
  return {
    lines: rows.map((r) => ({
      id: r.id,
      time: r.time.toISOString(),
      level: levelOf(r.level),
      instance: r.instance,
      companyId: r.companyId,
      companyName: r.companyId === null ? null : (names.get(r.companyId) ?? null),
      requestId: r.requestId,
      message: r.message,
      fields: r.fields,
    })),
    totalCount: counted ? counted.count : rows.length,
    capped: counted ? counted.capped : false,
    newestId,
  };
}
