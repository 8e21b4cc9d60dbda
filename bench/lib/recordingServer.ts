/**
 * A quiet server in this process on a bench's data folder (no billing timer, no logs, any free ports)
 * that records every statement it runs, and its database's own client to EXPLAIN them with: how the
 * benches show the plans of the statements a call ran (bench/transactions.ts, bench/reports.ts).
 */
import { startServer } from '../../server/start.js';

export interface RecordedStatement {
  sql: string;
  params: unknown[];
}

export interface PlanClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, string>[] }>;
}

export async function startRecordingServer(dataDir: string, env: Record<string, string>) {
  const seen: RecordedStatement[] = [];
  const server = await startServer(
    {
      ...process.env,
      PORT: '0',
      CARD_PROVIDER_PORT: '0',
      CHAIRSIDE_DATA_DIR: dataDir,
      BILLING_TIMER: 'off',
      LOG_LEVEL: 'silent',
      ...env,
    },
    { queryLogger: { logQuery: (sql, params) => seen.push({ sql, params }) } },
  );
  const client = (server.ctx.db as unknown as { $client: PlanClient }).$client;
  return { server, seen, client };
}
