/**
 * Issue 2's figures: the API's latency for the clinics and login calls at 50 concurrent clients,
 * and the cold start on an empty data folder (migrate + seed) against a seeded one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { signIn } from '../tests/support/oidc.js';
import { load } from './lib/load.js';
import { startChildServer, tempDataDir } from './lib/server.js';
import { median, ms, table } from './lib/stats.js';

const CONNECTIONS = 50;
const DURATION_SEC = 10;
const COLD_STARTS = 3;

export async function benchServer() {
  console.log('\n## Server: cold start (spawn to first answer), median of 3\n');
  const empty: number[] = [];
  const seeded: number[] = [];
  let dataDir = '';
  for (let i = 0; i < COLD_STARTS; i++) {
    dataDir = tempDataDir('cold');
    const first = await startChildServer(dataDir);
    empty.push(first.startMs);
    await first.stop();
    const again = await startChildServer(dataDir);
    seeded.push(again.startMs);
    await again.stop();
    if (i < COLD_STARTS - 1) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
  console.log(
    table(
      ['data folder', 'median', 'runs'],
      [
        ['empty (migrate + seed)', ms(median(empty)), empty.map((v) => v.toFixed(0)).join(', ')],
        ['seeded', ms(median(seeded)), seeded.map((v) => v.toFixed(0)).join(', ')],
      ],
    ),
  );
  console.log(`\nempty / seeded: ${(median(empty) / median(seeded)).toFixed(2)}×`);

  console.log(`\n## Server: latency at ${CONNECTIONS} concurrent clients, ${DURATION_SEC} s each\n`);
  const server = await startChildServer(dataDir);
  try {
    const users = ['admin', 'frontdesk', 'viewer'];
    const tokens = await Promise.all(
      users.map(async (u) => (await signIn(server.url, `${u}@chairside.test`)).access_token),
    );
    const headers = tokens.map((t) => ({ authorization: `Bearer ${t}`, 'content-type': 'application/json' }));
    const rows = [];
    for (const [name, method, url, body] of [
      ['GET /api/company/clinics', 'GET', '/api/company/clinics', undefined],
      ['POST /api/auth/login', 'POST', '/api/auth/login', '{}'],
    ] as const) {
      // A short warm-up so the first JIT compilations do not count.
      await load({ url: server.url + url, method, connections: 5, durationSec: 1, headers, body });
      const r = await load({
        url: server.url + url,
        method,
        connections: CONNECTIONS,
        durationSec: DURATION_SEC,
        headers,
        body,
      });
      rows.push([name, ms(r.p50), ms(r.p95), r.rps.toFixed(0), r.requests, r.errors + r.non2xx]);
    }
    console.log(table(['call', 'p50', 'p95', 'req/s', 'requests', 'errors'], rows));
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}
