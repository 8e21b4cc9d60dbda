/**
 * The admin area's Log Files (`#/admin/logfiles`, issue 35): the server's structured log (pino), the
 * lines of every instance, read from the database they all write it to, secrets scrubbed before
 * they are stored. Found by level, practice, request id, text and time, newest first, with a live
 * tail (`after`: the lines stored since the last answer). Administrators only.
 */
import { z } from 'zod';
import { Id, IsoDateTime, wholeNumber } from './common.js';
import { get } from './endpoint.js';

/** pino's levels, least severe first (a plain list: browsers get no schemas). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export const LogLevel = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevel>;

/** Each level's number, as pino writes it. */
export const LOG_LEVEL_NUMBERS: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

export const LOG_LEVEL_TITLES: Record<LogLevel, string> = {
  trace: 'Trace',
  debug: 'Debug',
  info: 'Info',
  warn: 'Warning',
  error: 'Error',
  fatal: 'Fatal',
};

/** How long lines are kept, and at most how many (server/logs/retention.ts). */
export const LOG_RETENTION_DAYS = 7;
export const LOG_MAX_LINES = 200_000;

/** A page of lines; a tail answers at most `LOG_TAIL_MAX` lines. */
export const LOG_PAGE_SIZE = 10;
export const LOG_TAIL_MAX = 100;
/** The count stops here: the pager says "10,000+". */
export const LOG_COUNT_CAP = 10_000;

export const LogLine = z.object({
  /** The line's place in the table: later lines have larger ids. */
  id: z.number().int(),
  /** When it was logged (ISO). */
  time: z.string(),
  level: LogLevel,
  /** The boot id of the server instance that wrote it. */
  instance: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  /** The request it was logged for (Fastify's request id, also each answer's `x-request-id`). */
  requestId: z.string().nullable(),
  message: z.string(),
  /** The line's other fields (an error's type, message and stack, a job's name…), secrets removed. */
  fields: z.record(z.string(), z.unknown()),
});
export type LogLine = z.infer<typeof LogLine>;

/** A cursor: a line's id. */
const LineId = wholeNumber(0, Number.MAX_SAFE_INTEGER);

export const serverLog = get('/api/admin/logs', {
  summary:
    "The server's log, every instance's, newest first, ten lines to a page: at a level or above, naming a practice, of one request, containing a text (in the message or any field, any case), within a time range. `upTo` keeps a list's later pages where its first page was; `after` answers only the lines stored since (a live tail, at most 100).",
  query: z
    .object({
      level: LogLevel.optional(),
      companyId: Id.optional(),
      requestId: z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(100, 'must be at most 100 characters')
        .optional(),
      text: z.string().trim().max(200, 'must be at most 200 characters').optional(),
      from: IsoDateTime.optional(),
      to: IsoDateTime.optional(),
      upTo: LineId.optional(),
      after: LineId.optional(),
      page: wholeNumber(1, 100_000).default(1),
    })
    .strict()
    .refine((q) => !(q.from && q.to && Date.parse(q.from) > Date.parse(q.to)), {
      message: 'must not be after to',
      path: ['from'],
    })
    .refine((q) => q.after === undefined || q.upTo === undefined, {
      message: 'a tail (after) takes no upTo',
      path: ['after'],
    }),
  value: z.object({
    lines: z.array(LogLine),
    /** The lines that match, up to `LOG_COUNT_CAP` (a tail counts its own lines). */
    totalCount: z.number().int(),
    /** More lines match than were counted. */
    capped: z.boolean(),
    /** The newest line stored when this answered, matching or not: the next tail's `after`, a list's `upTo`. */
    newestId: z.number().int(),
  }),
});
