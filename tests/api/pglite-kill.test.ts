/**
 * The one PGlite process killed with SIGKILL in the middle of a burst of writes, then started again
 * on the same folder at once: it opens without a manual step (the dead holder's lock is taken over,
 * and the log says so), every write the client got a 200 for is there, and a token issued before the
 * kill still works. The first server runs as a child process, so that the kill is a real one; the
 * second starts in this process (startServer, what `npm start` runs), which saves a second
 * child's few seconds of loading.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../support/childServer.js';
import { freePort, startServer, type RunningServer } from '../../server/start.js';
import { signIn } from '../support/oidc.js';
import { copyTemplate } from '../support/template-db.js';

const WRITERS = 6;
/** Acknowledged writes to wait for before the kill; the writers go on sending until it lands. */
const BEFORE_KILL = 40;

const dataDir = copyTemplate();
let first: ChildServer | undefined;
let second: RunningServer | undefined;
afterAll(async () => {
  await first?.stop();
  await second?.close();
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

async function call(url: string, token: string, pathAndQuery: string, body?: unknown) {
  const res = await fetch(`${url}${pathAndQuery}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { isSuccess: boolean; value: { id: number } } };
}

it('opens again at once after a kill -9 with every acknowledged write and the tokens it issued', async () => {
  const env = {
    PORT: String(await freePort()),
    CARD_PROVIDER_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    PRACTICE_SYSTEM_CONNECTOR: 'off',
  };
  first = await startChildServer(dataDir, env);
  const url = first.url;
  const token = (await signIn(first.url, 'frontdesk@chairside.test')).access_token;

  // New patients, each answered with its id: what the client was told is saved.
  const acknowledged = new Map<number, string>();
  let sent = 0;
  let killed = false;
  let enough!: () => void;
  const reachedEnough = new Promise<void>((r) => (enough = r));
  const writer = async (w: number) => {
    for (let i = 0; !killed; i++) {
      const lastName = `Burst${w}x${i}`;
      sent++;
      try {
        const answer = await call(url, token, '/api/customer/transition', {
          firstName: 'Kay',
          lastName,
          email: `kay.${w}.${i}@example.com`,
          cell: `512555${String(w * 1000 + i)
            .padStart(4, '0')
            .slice(-4)}`,
        });
        if (answer.status === 200 && answer.body.isSuccess) acknowledged.set(answer.body.value.id, lastName);
        if (acknowledged.size >= BEFORE_KILL) enough();
      } catch {
        // the connection died with the server: not acknowledged
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  await reachedEnough;
  await first.kill();
  killed = true;
  await Promise.all(writers);
  const beforeRestart = acknowledged.size;
  expect(beforeRestart).toBeGreaterThanOrEqual(BEFORE_KILL);
  // Some were on their way when it died: the kill did land mid-burst.
  expect(sent).toBeGreaterThan(beforeRestart);

  const log: string[] = [];
  const t0 = performance.now();
  second = await startServer(
    { ...process.env, ...env, CHAIRSIDE_DATA_DIR: dataDir, DATABASE_URL: '', BILLING_TIMER: 'off' },
    {
      logDestination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          log.push(String(chunk));
          done();
        },
      }),
    },
  );
  const restartMs = performance.now() - t0;
  console.log(
    `kill -9 mid-burst: ${sent} writes sent, ${beforeRestart} acknowledged; started again in ${Math.round(restartMs)} ms`,
  );
  expect(second.url).toBe(url);
  expect(log.join('')).toContain(
    `Took over the lock on the data folder ${dataDir}: process ${first.pid}, which held it, is no longer running.`,
  );

  // The token from before the kill, on every acknowledged write.
  const missing: string[] = [];
  for (const [id, lastName] of acknowledged) {
    const answer = await call(url, token, `/api/customer/getCustomer?id=${id}`);
    const found = answer.body.value as unknown as { lastName?: string } | null;
    if (answer.status !== 200 || found?.lastName !== lastName)
      missing.push(`${id} ${lastName}: ${answer.status}`);
  }
  expect(missing).toEqual([]);
}, 60_000);
