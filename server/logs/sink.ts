/**
 * pino's second destination (beside standard output): every line the server logs, stored in
 * `server_logs` so that the Log Files screen reads every instance's log from any instance.
 *
 * A line is never awaited: `write` parses it into a row and keeps it; the rows go to the database in
 * one insert every `flushMs`, or as soon as `batchLines` wait, and once more when the sink stops.
 * Lines logged before the database is open (the start's first lines) wait for `attach`. While the
 * database does not answer, the rows wait too, the newest `maxWaiting` of them; one line says so,
 * once per outage, on the log itself (and so in the table, when the database is back).
 */
import type { Db } from '../db/client.js';
import { REDACTED, scrubText, scrubValue } from './scrub.js';
import { insertLogRows, type LogRow } from './store.js';

export interface LogSinkOptions {
  flushMs?: number;
  batchLines?: number;
  maxWaiting?: number;
}

export interface LogSink {
  /** pino's destination interface: one JSON line. */
  write(line: string): void;
  /** Starts storing, as this instance, what was logged and what will be. */
  attach(target: { db: Db; instance: string; warn: (fields: object, message: string) => void }): void;
  /** Stores what waits, and stops storing. Lines logged later go to standard output only. */
  stop(): Promise<void>;
  /** Stores what waits now (tests). */
  flush(): Promise<void>;
}

/** A line's fields that have their own columns. */
const OWN_COLUMNS = new Set(['time', 'level', 'msg', 'reqId', 'companyId']);
const MAX_MESSAGE = 2_000;

/** A pino line as a row of `server_logs`, scrubbed; null when it is not a line of pino's. */
export function rowOfLine(line: string, instance: string): LogRow | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const obj = scrubValue(parsed) as Record<string, unknown>;
  const level = typeof obj.level === 'number' ? obj.level : 30;
  const time = typeof obj.time === 'number' ? new Date(obj.time) : new Date();
  const msg = typeof obj.msg === 'string' ? obj.msg : obj.msg === undefined ? '' : JSON.stringify(obj.msg);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) if (!OWN_COLUMNS.has(key)) fields[key] = value;
  // A line of another shape keeps what it said in its fields.
  if (obj.companyId !== undefined && !isPracticeId(obj.companyId)) fields.companyId = obj.companyId;
  return {
    time: Number.isNaN(time.getTime()) ? new Date() : time,
    level: Math.trunc(level),
    instance,
    message: scrubText(msg.length > MAX_MESSAGE ? `${msg.slice(0, MAX_MESSAGE)}… (cut)` : msg),
    companyId: isPracticeId(obj.companyId) ? obj.companyId : null,
    requestId: typeof obj.reqId === 'string' && obj.reqId !== REDACTED ? obj.reqId.slice(0, 100) : null,
    fields,
  };
}

const isPracticeId = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647;

export function createLogSink(opts: LogSinkOptions = {}): LogSink {
  const flushMs = opts.flushMs ?? 1_000;
  const batchLines = opts.batchLines ?? 200;
  const maxWaiting = opts.maxWaiting ?? 5_000;
  let lines: string[] = [];
  let rows: LogRow[] = [];
  let target: Parameters<LogSink['attach']>[0] | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let failing = false;

  const keepNewest = <T>(list: T[]) => (list.length > maxWaiting ? list.slice(-maxWaiting) : list);

  async function store(): Promise<void> {
    if (!target) return;
    for (const line of lines) {
      const row = rowOfLine(line, target.instance);
      if (row) rows.push(row);
    }
    lines = [];
    if (rows.length === 0) return;
    const batch = rows;
    rows = [];
    try {
      await insertLogRows(target.db, batch);
      failing = false;
    } catch (error) {
      rows = keepNewest([...batch, ...rows]);
      if (!failing) {
        failing = true;
        target.warn(
          { cause: error instanceof Error ? error.message : String(error), waiting: rows.length },
          'The server log could not be written to the database: its lines wait and are written when it answers.',
        );
      }
    }
  }

  /** One store at a time; a call meanwhile waits for it, then stores what came since. */
  function flush(): Promise<void> {
    const run = (flushing ?? Promise.resolve()).then(store);
    const mine = run.finally(() => {
      if (flushing === mine) flushing = null;
    });
    flushing = mine;
    return mine;
  }

  return {
    write(line) {
      if (stopped) return;
      lines.push(line);
      // Trimmed a quarter at a time, not at every line past the limit (each trim copies the list).
      if (lines.length > maxWaiting * 1.25) lines = keepNewest(lines);
      if (target && lines.length + rows.length >= batchLines && !flushing) void flush();
    },
    attach(t) {
      if (stopped || target) return;
      target = t;
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
      void flush();
    },
    flush,
    async stop() {
      if (stopped) return;
      if (timer) clearInterval(timer);
      await flush();
      // What was logged while the last rows were written.
      if (lines.length > 0) await flush();
      stopped = true;
    },
  };
}
