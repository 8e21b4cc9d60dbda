/**
 * The practices' connectors in the admin area (issue 35): heartbeats sent once per period, whatever
 * the number of instances; a connector the sandbox silences sends none and posts nothing, and shows
 * silent two minutes later; one told to fail refuses every posting, which shows in its log and makes
 * it failing; an administrator's Retry posts it once it runs again, audited; a ping; a tunnel key
 * rotated, shown once and taking effect at the next heartbeat; administrators only.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConnectorLogEntry,
  ConnectorRow,
  ConnectorState,
  Rollout,
  TunnelKeyState,
} from '../../embed-sdk/contract/connectors.js';
import {
  auditLog,
  practiceConnectors,
  practicePostings,
  transactions,
} from '../../server/db/schema/index.js';
import { runDuePostings } from '../../server/practice-system/connector.js';
import { CONNECTOR_VERSION, HEARTBEAT_MS, sendHeartbeats } from '../../server/practice-system/connectors.js';
import { CARDS, createRequest, newCustomer, payWithCard } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

const later = (ms: number) => new Date(server.ctx.clock.now().getTime() + ms);

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, token = admin) {
  return server.call<T>(method, path, { token, body });
}

type Listing = { connectors: ConnectorRow[]; totalCount: number; counts: Record<ConnectorState, number> };
type Log = { connector: ConnectorRow; entries: ConnectorLogEntry[]; totalCount: number };

async function connectorOf(companyId: number) {
  const log = await call<Log>('GET', `/api/admin/connector/log?companyId=${companyId}`);
  expect(log.status).toBe(200);
  return log.body.value!;
}

/** A payment of Bright Smiles on its payment page, and its transaction's id. */
async function payment(amount: number) {
  const customer = await newCustomer(server, frontdesk);
  const { linkToken } = await createRequest(server, frontdesk, customer, amount);
  const paid = await payWithCard(server, linkToken, CARDS.visa);
  expect(paid.body.isSuccess, JSON.stringify(paid.body)).toBe(true);
  const [t] = await server.ctx.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.referenceId, paid.body.value!.referenceId));
  return t!.id;
}

async function setMode(companyId: number, mode: 'RUNNING' | 'SILENT' | 'FAILING') {
  const res = await call('POST', '/sandbox/practiceSystem/connector', { companyId, mode });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('connectors', () => {
  it('send a heartbeat once a period, with their version and latency, and every practice is listed', async () => {
    const now = server.ctx.clock.now();
    const first = await sendHeartbeats(server.ctx.db, now);
    const again = await sendHeartbeats(server.ctx.db, now);
    const [a, b] = await Promise.all([
      sendHeartbeats(server.ctx.db, new Date(now.getTime() + HEARTBEAT_MS)),
      sendHeartbeats(server.ctx.db, new Date(now.getTime() + HEARTBEAT_MS)),
    ]);
    const rows = await server.ctx.db.select().from(practiceConnectors);
    // The first beat of the period: every practice; the same period again: none; the next, once.
    expect(first + again).toBe(rows.length);
    expect(a + b).toBe(rows.length);
    const listing = await call<Listing>('GET', '/api/admin/connectors');
    expect(listing.status).toBe(200);
    expect(listing.body.value!.totalCount).toBe(rows.length);
    const bright = listing.body.value!.connectors.find((c) => c.companyId === 1)!;
    expect(bright).toMatchObject({
      companyName: 'Bright Smiles Dental',
      version: CONNECTOR_VERSION,
      mode: 'RUNNING',
    });
    expect(bright.latencyMs).toBeGreaterThanOrEqual(20);
    expect(bright.latencyMs).toBeLessThanOrEqual(80);
    const searched = await call<Listing>('GET', '/api/admin/connectors?search=harbor');
    expect(searched.body.value!.connectors.map((c) => c.companyName)).toEqual(['Harbor View Dental']);
  });

  it('a silenced connector sends no heartbeat and posts nothing, shows silent after two minutes, and catches up when it runs again', async () => {
    await setMode(1, 'SILENT');
    const id = await payment(41_00);
    expect(await runDuePostings(server.ctx, { now: later(60_000) })).toEqual({ posted: 0, failed: 0 });
    const [before] = await server.ctx.db
      .select()
      .from(practiceConnectors)
      .where(eq(practiceConnectors.companyId, 1));
    await sendHeartbeats(server.ctx.db, later(3 * 60_000));
    const [after] = await server.ctx.db
      .select()
      .from(practiceConnectors)
      .where(eq(practiceConnectors.companyId, 1));
    expect(after!.lastHeartbeatAt).toEqual(before!.lastHeartbeatAt);

    const moved = await call('POST', '/sandbox/clock/advance', { days: 0, hours: 0, minutes: 3 });
    expect(moved.status).toBe(200);
    const silent = await connectorOf(1);
    expect(silent.connector).toMatchObject({ state: 'SILENT', mode: 'SILENT' });
    expect(silent.entries.find((e) => e.transactionId === id)).toMatchObject({ state: 'PENDING' });
    const listed = await call<Listing>('GET', '/api/admin/connectors?state=SILENT');
    expect(listed.body.value!.connectors.map((c) => c.companyId)).toContain(1);
    expect(listed.body.value!.counts.SILENT).toBeGreaterThanOrEqual(1);
    const ping = await call<{ answered: boolean }>('POST', '/api/admin/connector/ping', { companyId: 1 });
    expect(ping.body.value).toMatchObject({ answered: false, latencyMs: null });

    await setMode(1, 'RUNNING');
    const answered = await call<{ answered: boolean; latencyMs: number }>(
      'POST',
      '/api/admin/connector/ping',
      {
        companyId: 1,
      },
    );
    expect(answered.body.value).toMatchObject({ answered: true, version: CONNECTOR_VERSION });
    expect((await connectorOf(1)).connector.state).toBe('HEALTHY');
    expect((await runDuePostings(server.ctx, { now: later(60_000) })).posted).toBeGreaterThanOrEqual(1);
    expect((await connectorOf(1)).entries.find((e) => e.transactionId === id)).toMatchObject({
      state: 'POSTED',
    });
  });

  it('a failing connector refuses every posting; its log says why, and an administrator’s Retry posts it, audited', async () => {
    await setMode(1, 'FAILING');
    const id = await payment(52_00);
    await runDuePostings(server.ctx, { now: later(60_000) });
    const failing = await connectorOf(1);
    expect(failing.connector.state).toBe('FAILING');
    const entry = failing.entries.find((e) => e.transactionId === id)!;
    expect(entry).toMatchObject({ state: 'FAILED', kind: 'PAYMENT', attempts: 1 });
    expect(entry.error).toMatch(/connector is failing/);
    expect(entry.referenceId).toMatch(/^[A-Z0-9]+-/);
    const failed = await call<Log>('GET', '/api/admin/connector/log?companyId=1&state=FAILED');
    expect(failed.body.value!.entries.every((e) => e.state === 'FAILED')).toBe(true);

    await setMode(1, 'RUNNING');
    const retried = await call<{ requeued: number }>('POST', '/api/admin/connector/retry', {
      companyId: 1,
      postingId: entry.postingId,
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.value!.requeued).toBe(1);
    await runDuePostings(server.ctx, { now: later(60_000) });
    expect((await connectorOf(1)).entries.find((e) => e.postingId === entry.postingId)).toMatchObject({
      state: 'POSTED',
      attempts: 2,
    });
    const [audit] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'posting.retry'), eq(auditLog.targetId, String(entry.postingId))));
    expect(audit).toMatchObject({ companyId: 1, targetType: 'posting', actorEmail: 'admin@chairside.test' });

    // A posting that has not failed has nothing to retry; another practice's is not found.
    const again = await call('POST', '/api/admin/connector/retry', {
      companyId: 1,
      postingId: entry.postingId,
    });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatch(/^body\.postingId: /);
    const elsewhere = await call('POST', '/api/admin/connector/retry', {
      companyId: 2,
      postingId: entry.postingId,
    });
    expect(elsewhere.status).toBe(404);
    const [row] = await server.ctx.db
      .select()
      .from(practicePostings)
      .where(eq(practicePostings.id, entry.postingId));
    expect(row!.state).toBe('POSTED');
  });

  it('is for administrators only, and names what is wrong', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/admin/connectors', undefined],
      ['GET', '/api/admin/connector/log?companyId=1', undefined],
      ['POST', '/api/admin/connector/ping', { companyId: 1 }],
      ['POST', '/api/admin/connector/retry', { companyId: 1, postingId: 1 }],
      ['POST', '/sandbox/practiceSystem/connector', { companyId: 1, mode: 'SILENT' }],
    ] as const) {
      const res = await call(method, path, body, frontdesk);
      expect(res.status, path).toBe(403);
    }
    const [row] = await server.ctx.db
      .select()
      .from(practiceConnectors)
      .where(eq(practiceConnectors.companyId, 1));
    expect(row!.mode).toBe('RUNNING');
    const nowhere = await call('GET', '/api/admin/connector/log?companyId=999999');
    expect(nowhere.status).toBe(404);
    const bad = await call('POST', '/sandbox/practiceSystem/connector', {
      companyId: 999_999,
      mode: 'SILENT',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['body.companyId: There is no practice 999999.']);
    const mode = await call('POST', '/sandbox/practiceSystem/connector', { companyId: 1, mode: 'ASLEEP' });
    expect(mode.status).toBe(400);
    expect(mode.body.errors[0]).toMatch(/^body\.mode: /);
  });

  it('rotates a tunnel key: shown once, masked after; it takes effect at the next heartbeat and the old key stops working', async () => {
    const heartbeat = (companyId: number, key: string) =>
      call<{ at: string; keyTookEffect: boolean }>('POST', '/sandbox/practiceSystem/heartbeat', {
        companyId,
        key,
      });
    const state = async () => {
      const res = await call<TunnelKeyState>('GET', '/api/admin/connector/key?companyId=2');
      expect(res.status).toBe(200);
      return res.body.value!;
    };
    const rotate = async () => {
      const res = await call<TunnelKeyState & { key: string }>('POST', '/api/admin/connector/key/rotate', {
        companyId: 2,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.value!;
    };

    expect(await state()).toMatchObject({ companyId: 2, current: null, pending: null });
    const first = await rotate();
    expect(first.key).toMatch(/^cstk_[A-Za-z0-9_-]{43}$/);
    expect(first.pending).toMatchObject({
      masked: `cstk_••••••••${first.key.slice(-4)}`,
      rotatedBy: 'admin@chairside.test',
    });
    // Never in full again: not in the state, not in the audit log.
    expect(JSON.stringify(await state())).not.toContain(first.key);
    expect((await heartbeat(2, 'cstk_not-the-key')).status).toBe(401);

    // The connector presents the new key: it takes effect.
    const took = await heartbeat(2, first.key);
    expect(took.status, JSON.stringify(took.body)).toBe(200);
    expect(took.body.value!.keyTookEffect).toBe(true);
    expect(await state()).toMatchObject({
      current: { masked: `cstk_••••••••${first.key.slice(-4)}` },
      pending: null,
    });
    expect((await heartbeat(2, first.key)).body.value!.keyTookEffect).toBe(false);

    // Rotated again: the current key works until the connector's next heartbeat, then stops.
    const second = await rotate();
    expect(second.current?.masked).toBe(`cstk_••••••••${first.key.slice(-4)}`);
    expect((await heartbeat(2, first.key)).status).toBe(200);
    expect(await sendHeartbeats(server.ctx.db, later(HEARTBEAT_MS + 1_000))).toBeGreaterThan(0);
    expect(await state()).toMatchObject({
      current: { masked: `cstk_••••••••${second.key.slice(-4)}` },
      pending: null,
    });
    expect((await heartbeat(2, first.key)).status).toBe(401);
    expect((await heartbeat(2, second.key)).status).toBe(200);
    // One practice's key opens no other's connector.
    expect((await heartbeat(1, second.key)).status).toBe(401);

    const entries = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'connector.rotateKey'), eq(auditLog.companyId, 2)));
    expect(entries).toHaveLength(2);
    for (const key of [first.key, second.key]) expect(JSON.stringify(entries)).not.toContain(key);
    expect(entries[1]!.after).toMatchObject({ pending: `cstk_••••••••${second.key.slice(-4)}` });

    expect((await call('GET', '/api/admin/connector/key?companyId=2', undefined, frontdesk)).status).toBe(
      403,
    );
    expect((await call('GET', '/api/admin/connector/key?companyId=99999')).status).toBe(404);
  });

  it('rolls a version out to chosen practices: each connector reports it at its next heartbeat, a silent one once heard from again', async () => {
    await setMode(1, 'RUNNING');
    await setMode(3, 'SILENT');
    const rollouts = async () => {
      const res = await call<{ rollouts: Rollout[]; totalCount: number }>(
        'GET',
        '/api/admin/connectors/rollouts',
      );
      expect(res.status).toBe(200);
      return res.body.value!;
    };
    const before = (await rollouts()).totalCount;
    for (const [body, field] of [
      [{ version: 'v5', companyIds: [1] }, 'body.version'],
      [{ version: '4.13.0', companyIds: [] }, 'body.companyIds'],
      [{ version: '4.13.0', companyIds: [1, 1] }, 'body.companyIds'],
      [{ version: '4.13.0', companyIds: [1, 99_999] }, 'body.companyIds.1'],
    ] as const) {
      const refused = await call('POST', '/api/admin/connectors/upgrade', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(field);
    }
    expect((await rollouts()).totalCount).toBe(before);

    const started = await call<Rollout>('POST', '/api/admin/connectors/upgrade', {
      version: '4.13.0',
      companyIds: [1, 3],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.value).toMatchObject({ version: '4.13.0', practices: 2, upgraded: 0 });
    expect((await connectorOf(1)).connector).toMatchObject({ targetVersion: '4.13.0' });
    expect((await connectorOf(2)).connector.targetVersion).toBeNull();

    // Later than any heartbeat the tests before sent (they move their own time forward).
    await sendHeartbeats(server.ctx.db, later(30 * 60_000));
    let mine = (await rollouts()).rollouts.find((r) => r.id === started.body.value!.id)!;
    expect(mine).toMatchObject({ practices: 2, upgraded: 1, silent: 1 });
    expect((await connectorOf(1)).connector).toMatchObject({ version: '4.13.0', targetVersion: null });
    expect((await connectorOf(2)).connector.version).toBe(CONNECTOR_VERSION);

    await setMode(3, 'RUNNING');
    await sendHeartbeats(server.ctx.db, later(31 * 60_000));
    mine = (await rollouts()).rollouts.find((r) => r.id === started.body.value!.id)!;
    expect(mine).toMatchObject({ practices: 2, upgraded: 2, silent: 0 });

    const [entry] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'connector.upgrade'), eq(auditLog.targetId, String(mine.id))));
    expect(entry!.after).toMatchObject({ version: '4.13.0', practices: [1, 3] });
  });
});
