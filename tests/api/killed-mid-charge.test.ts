/**
 * Issue 30's scenario for real: thirty virtual-terminal charges, each with its own card entry and
 * Idempotency-Key, sent at once to a server of its own process; it is killed (SIGKILL) once 25 have
 * answered, while the other five were charged at the provider and not recorded (the seam of
 * tests/support/stop-charge.ts holds them there). Before: the five keys answered 409 "interrupted"
 * forever and the provider held more charges than Chairside recorded. Now the next start records
 * the five without anyone asking, and their keys, sent again, answer those payments.
 * Every call and every point, in one process: tests/api/interrupted-charges.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChildServer } from '../support/childServer.js';
import type { Envelope } from '../../embed-sdk/contract/endpoint.js';
import { openDatabase } from '../../server/db/client.js';
import { idempotencyKeys, providerCharges, transactions } from '../../server/db/schema/index.js';
import { childApi, childServers } from '../support/childPlans.js';
import { BRIGHT_SMILES, CARDS, idempotencyKey } from '../support/payments.js';

const SEAM = path.resolve(import.meta.dirname, '../support/stop-charge.ts');
const CHARGES = 30;
const ANSWERED = 25;

const { dataDir: newDataDir, start } = childServers();

type Result = { isApproved: boolean; referenceId: string };

/** Cards entered in the desk's frame: nonces from the provider, as its frame gets them. */
async function nonces(server: ChildServer, n: number) {
  const call = await childApi(server);
  const config = await call<{ cardProviderScriptUrl: string }>('GET', '/api/configuration');
  const provider = new URL(config.body.value!.cardProviderScriptUrl).origin;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${provider}/v1/nonces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: provider },
      body: JSON.stringify({
        businessId: BRIGHT_SMILES.businessId,
        applicationId: 'app',
        cardNumber: CARDS.visa.replace(/\D/g, ''),
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvc: '123',
        zip: '78704',
      }),
    });
    out.push(((await res.json()) as { nonce: string }).nonce);
  }
  return out;
}

/** What Chairside recorded at the desk, and what the provider sold, read from the stopped server's folder. */
async function ledgers(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const desk = await db.select().from(transactions).where(eq(transactions.source, 'VIRTUALTERMINAL'));
    const sales = await db.select().from(providerCharges).where(eq(providerCharges.kind, 'SALE'));
    const keys = await db
      .select()
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.route, ['POST /api/transaction/virtualterminal']));
    return { desk, sales, keys };
  } finally {
    await database.close();
  }
}

describe('thirty desk charges at once, the server killed after 25 answered', () => {
  it('records the five cut off at the next start, unasked, and answers their keys with them', async () => {
    const dataDir = newDataDir();
    const stoppedFile = path.join(path.dirname(dataDir), 'stopped');
    const before = await ledgers(dataDir);
    const first = await start(
      dataDir,
      {
        CHAIRSIDE_TEST_STOP_AT: 'afterCharge',
        CHAIRSIDE_TEST_STOP_AFTER: String(ANSWERED),
        CHAIRSIDE_TEST_STOP_HOLDERS: 'request',
        CHAIRSIDE_TEST_STOPPED_FILE: stoppedFile,
      },
      [SEAM],
    );
    const call = await childApi(first);
    const requests: {
      body: { amount: number; nonce: string; total: number };
      key: ReturnType<typeof idempotencyKey>;
    }[] = [];
    for (const nonce of await nonces(first, CHARGES)) {
      const desk = { amount: 111, nonce };
      const quote = await call<{ total: number }>('POST', '/api/transaction/virtualTerminal/quote', desk);
      requests.push({ body: { ...desk, total: quote.body.value!.total }, key: idempotencyKey() });
    }
    const total = requests[0]!.body.total;

    const answers = new Map<string, Envelope<Result>>();
    const sent = requests.map(({ body, key }) =>
      call<Result>('POST', '/api/transaction/virtualTerminal', body, key).then(
        (res) => void answers.set(key['idempotency-key']!, res.body),
        () => undefined,
      ),
    );
    const stops = () =>
      fs.existsSync(stoppedFile) ? fs.readFileSync(stoppedFile, 'utf8').split('\n').length - 1 : 0;
    while (answers.size < ANSWERED || stops() < CHARGES - ANSWERED) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await first.kill();
    await Promise.all(sent);
    expect(answers.size).toBe(ANSWERED);
    const cutOff = requests.filter(({ key }) => !answers.has(key['idempotency-key']!));
    expect(cutOff).toHaveLength(CHARGES - ANSWERED);

    // What the kill left: the provider charged all thirty, Chairside recorded 25.
    const killed = await ledgers(dataDir);
    expect(killed.sales.length - before.sales.length).toBe(CHARGES);
    expect(killed.desk.length - before.desk.length).toBe(ANSWERED);

    // Started again, and stopped once its start-up is done, with no request sent to it.
    const second = await start(dataDir);
    await second.stop();
    const restarted = await ledgers(dataDir);
    expect(restarted.sales.length - before.sales.length).toBe(CHARGES);
    expect(restarted.desk.length - before.desk.length).toBe(CHARGES);
    const newSales = restarted.sales.filter(
      (s) => !before.sales.some((b) => b.referenceId === s.referenceId),
    );
    const newDesk = restarted.desk.filter((t) => !before.desk.some((b) => b.id === t.id));
    expect(newDesk.map((t) => t.referenceId).sort()).toEqual(newSales.map((s) => s.referenceId).sort());
    expect(newDesk.every((t) => t.status === 'APPROVED' && t.amount === total)).toBe(true);

    // Each key sent again: the 25 answer what they answered; the five, the payments the start recorded.
    const third = await start(dataDir);
    const again = await childApi(third);
    for (const { body, key } of requests) {
      const replay = await again<Result>('POST', '/api/transaction/virtualTerminal', body, key);
      expect(replay.status, JSON.stringify(replay.body)).toBe(200);
      const answered = answers.get(key['idempotency-key']!);
      if (answered) expect(replay.body).toEqual(answered);
      else expect(replay.body.value).toMatchObject({ isApproved: true, total });
      expect((await again('POST', '/api/transaction/virtualTerminal', body, key)).body).toEqual(replay.body);
    }
    await third.stop();

    const replayed = await ledgers(dataDir);
    expect(replayed.sales.length - before.sales.length).toBe(CHARGES);
    expect(replayed.desk.length - before.desk.length).toBe(CHARGES);
    const settled = replayed.keys.filter((k) => requests.some(({ key }) => key['idempotency-key'] === k.key));
    expect(settled).toHaveLength(CHARGES);
    expect(settled.every((k) => k.status === 200 && k.owner === null)).toBe(true);
  }, 120_000);
});
