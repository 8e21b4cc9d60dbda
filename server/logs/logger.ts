/**
 * The server's pino logger: standard output as ever (or the caller's destination), and the
 * `server_logs` table once the database is open (sink.ts), for the admin area's Log Files. Secrets
 * are redacted and scrubbed (scrub.ts) before either destination sees a line.
 */
import pino from 'pino';
import { createLogSink, type LogSink, type LogSinkOptions } from './sink.js';
import { LOG_REDACT, scrubLogLine } from './scrub.js';

export function createServerLog(opts: {
  level: string;
  destination?: pino.DestinationStream;
  sink?: LogSinkOptions;
}): { log: pino.Logger; sink: LogSink } {
  const sink = createLogSink(opts.sink);
  const log = pino(
    { level: opts.level, base: undefined, redact: LOG_REDACT, hooks: { streamWrite: scrubLogLine } },
    pino.multistream([
      // Each destination takes every line the logger's level lets through.
      { level: 'trace', stream: opts.destination ?? pino.destination(1) },
      { level: 'trace', stream: sink },
    ]),
  );
  return { log, sink };
}
