/**
 * The admin area's Log Files (issue 35): the server's pino log, stored by every instance in the one
 * database, found by level, practice, request id, text and time, newest first, with a tail of what
 * was stored since; secrets appear neither in the stored rows nor in the answers nor on standard
 * output; old lines are deleted by a job; administrators only.
 *
 * The second instance is a second logger and sink on the same database with its own boot id, as a
 * server started on the same PostgreSQL writes (server/logs/logger.ts is what start.ts uses).
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogLine } from '../../embed-sdk/contract/logs.js';
import { serverLogs } from '../../server/db/schema/index.js';
import { runJob } from '../../server/jobs/jobClaim.js';
import { createServerLog } from '../../server/logs/logger.js';
import { logRetentionJob } from '../../server/logs/retention.js';
import { insertLogRows } from '../../server/logs/store.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;
const stdout: string[] = [];
/** This run's lines carry it, so that a search finds only them. */
const RUN = randomUUID().slice(0, 8);

beforeAll(async () => {
  server = await startTestServer(
    { LOG_LEVEL: 'info' },
    {
      logDestination: new Writable({
        write(chunk: Buffer, _enc, done) {
          stdout.push(chunk.toString());
          done();
        },
      }),
    },
  );
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

interface LogPage {
  lines: LogLine[];
  totalCount: number;
  capped: boolean;
  newestId: number;
}

async function logs(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await server.call<LogPage>('GET', `/api/admin/logs?${search}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

/** The lines of a search once the server has stored `count` of them (it writes every second). */
async function stored(query: Record<string, string | number>, count: number) {
  let page: LogPage | undefined;
  await expect
    .poll(async () => (page = await logs(query)).totalCount, { timeout: 10_000, interval: 200 })
    .toBeGreaterThanOrEqual(count);
  return page!;
}

describe('log files', () => {
  it('finds lines by level, practice, request id, text and time, newest first', async () => {
    const log = server.ctx.log;
    log.child({ reqId: `${RUN}-a`, companyId: 1 }).info({ patientCount: 3 }, `${RUN} list read`);
    log.child({ reqId: `${RUN}-a`, companyId: 1 }).error({ job: 'Weekly Digest' }, `${RUN} digest failed`);
    log.child({ reqId: `${RUN}-b`, companyId: 2 }).warn(`${RUN} slow answer`);
    log.debug(`${RUN} below the level: never stored`);

    const all = await stored({ text: RUN }, 3);
    expect(all.lines.map((l) => l.message)).toEqual([
      `${RUN} slow answer`,
      `${RUN} digest failed`,
      `${RUN} list read`,
    ]);
    expect(all.lines[1]).toMatchObject({
      level: 'error',
      companyId: 1,
      companyName: 'Bright Smiles Dental',
      requestId: `${RUN}-a`,
      fields: { job: 'Weekly Digest' },
      instance: server.ctx.instance.bootId,
    });

    const messages = async (query: Record<string, string | number>) =>
      (await logs({ text: RUN, ...query })).lines.map((l) => l.message);
    expect(await messages({ level: 'warn' })).toEqual([`${RUN} slow answer`, `${RUN} digest failed`]);
    expect(await messages({ companyId: 1 })).toEqual([`${RUN} digest failed`, `${RUN} list read`]);
    expect(await messages({ requestId: `${RUN}-b` })).toEqual([`${RUN} slow answer`]);
    // Any case, in a field as in the message.
    expect(await messages({ text: 'weekly DIGEST' })).toEqual([`${RUN} digest failed`]);
    expect((await logs({ requestId: `${RUN}-a`, text: 'PATIENTCOUNT' })).lines).toHaveLength(1);
    // % and _ are letters, not wildcards.
    expect((await logs({ text: `${RUN}%answer` })).lines).toEqual([]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await messages({ from: future })).toEqual([]);
    expect(await messages({ to: future, from: new Date(Date.now() - 60_000).toISOString() })).toHaveLength(3);
  });

  it('pages stay where the first page was, and a tail answers only what was stored since', async () => {
    const marker = `${RUN}-paging`;
    for (let i = 1; i <= 12; i++) server.ctx.log.info({ i }, `${marker} line ${i}`);
    const first = await stored({ text: marker }, 12);
    expect(first.lines).toHaveLength(10);
    expect(first.lines[0]!.message).toBe(`${marker} line 12`);

    server.ctx.log.info(`${marker} line 13`);
    await expect.poll(async () => (await logs({ text: marker })).totalCount, { timeout: 10_000 }).toBe(13);
    // Page 2 of the list as it was: the new line does not push a line from page 1 onto it.
    const second = await logs({ text: marker, page: 2, upTo: first.newestId });
    expect(second.lines.map((l) => l.message)).toEqual([`${marker} line 2`, `${marker} line 1`]);

    const tail = await logs({ text: marker, after: first.newestId });
    expect(tail.lines.map((l) => l.message)).toEqual([`${marker} line 13`]);
    expect((await logs({ text: marker, after: tail.newestId })).lines).toEqual([]);
  });

  it("shows every instance's lines", async () => {
    const other = createServerLog({
      level: 'info',
      destination: new Writable({ write: (_c, _e, done) => done() }),
    });
    other.sink.attach({ db: server.ctx.db, instance: 'second-instance', warn: () => undefined });
    other.log.warn(`${RUN} from the second instance`);
    server.ctx.log.warn(`${RUN} from the first instance`);
    await other.sink.stop();
    const page = await stored({ text: `${RUN} from the` }, 2);
    expect(new Set(page.lines.map((l) => l.instance))).toEqual(
      new Set([server.ctx.instance.bootId, 'second-instance']),
    );
  });

  it('stores and answers no secret, and writes none to standard output', async () => {
    const key = 'cstk_c2VjcmV0LXR1bm5lbC1rZXktdmFsdWU';
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmVkLWJ5LXVz';
    const secrets = [
      key,
      jwt,
      'open-sesame-password',
      'sid=cookie-value-42',
      '4000000000000002',
      '4111 1111 1111 1111',
    ];
    server.ctx.log.child({ reqId: `${RUN}-secret`, companyId: 1 }).error(
      {
        req: { headers: { authorization: `Bearer ${jwt}`, cookie: 'sid=cookie-value-42' } },
        body: { key, password: 'open-sesame-password', card: { cardNumber: '4000000000000002' } },
        err: new Error(`card 4111 1111 1111 1111 refused for ${key}`),
      },
      `${RUN} heartbeat with key ${key} refused`,
    );
    const page = await stored({ requestId: `${RUN}-secret` }, 1);
    const rows = await server.ctx.db
      .select()
      .from(serverLogs)
      .where(like(serverLogs.requestId, `${RUN}-secret`));
    expect(rows).toHaveLength(1);
    for (const secret of secrets) {
      expect(JSON.stringify(rows), secret).not.toContain(secret);
      expect(JSON.stringify(page), secret).not.toContain(secret);
      expect(stdout.join(''), secret).not.toContain(secret);
    }
    expect(page.lines[0]!.message).toBe(`${RUN} heartbeat with key cstk_[Redacted] refused`);
    expect(page.lines[0]!.fields).toMatchObject({
      body: { key: 'cstk_[Redacted]', password: '[Redacted]', card: { cardNumber: '[Redacted]' } },
    });
  });

  it('names each answer by its request id, unique across instances', async () => {
    const res = await fetch(`${server.url}/api/admin/logs?text=x`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('deletes lines past their retention, on one instance at a time (a job)', async () => {
    const old = new Date(Date.now() - 8 * 86_400_000);
    await insertLogRows(server.ctx.db, [
      { time: old, level: 30, instance: 'gone', message: `${RUN} eight days old`, fields: {} },
    ]);
    expect((await logs({ text: `${RUN} eight days` })).totalCount).toBe(1);
    expect(await runJob(server.ctx, logRetentionJob, { wait: false })).toBe(true);
    expect((await logs({ text: `${RUN} eight days` })).totalCount).toBe(0);
  });

  it('refuses a bad filter, naming the field', async () => {
    const bad = async (query: string, field: string) => {
      const res = await server.call('GET', `/api/admin/logs?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body.errors), query).toContain(field);
    };
    await bad('level=loud', 'query.level');
    await bad('companyId=abc', 'query.companyId');
    await bad(`requestId=${'x'.repeat(101)}`, 'query.requestId');
    await bad('from=yesterday', 'query.from');
    await bad('from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'query.from');
    await bad('after=3&upTo=4', 'query.after');
    await bad('sort=asc', 'query');
  });

  it('answers the front desk and a caller without a token as every admin call does', async () => {
    const res = await server.call('GET', '/api/admin/logs', { token: frontdesk });
    const queues = await server.call('GET', '/api/admin/queues', { token: frontdesk });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(queues.body);
    expect((await server.call('GET', '/api/admin/logs', {})).status).toBe(401);
  });
});
