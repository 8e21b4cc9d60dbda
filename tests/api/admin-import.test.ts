/**
 * Import Transactions and Post Approval (issue 35), administrators only. A processor's file becomes
 * unassociated approved payments of a practice: the preview names each bad row by its line and writes
 * nothing; the import writes the good rows, skips the bad ones and those already payments, and run
 * again imports nothing twice; 10,000 rows import whole. An approval the processor has and no payment
 * records is posted: the card's patient's when the card is on file, else unassociated; once.
 */
import { and, count, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ImportPreview,
  ImportResult,
  UnrecordedApproval,
} from '../../embed-sdk/contract/adminOperations.js';
import {
  auditLog,
  practicePostings,
  providerCards,
  providerCharges,
  savedCards,
  transactions,
} from '../../server/db/schema/index.js';
import { changedTables, fingerprint } from '../support/fingerprint.js';
import { BRIGHT_SMILES, idempotencyKey } from '../support/payments.js';

const newKey = () => idempotencyKey()['idempotency-key'];
import { startTestServer, type TestServer } from '../support/server.js';
import { IMPORTED_PAYMENT_REFUSAL } from '../../embed-sdk/rules/refundWindow.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

const HEADER = 'Transaction ID,Date,Amount,Card Type,Last 4,Name on Card,Status';
const preview = (csv: string, token = admin) =>
  server.call<ImportPreview>('POST', '/api/admin/import/preview', { token, body: { companyId: 1, csv } });
const runImport = (csv: string, key = newKey(), token = admin) =>
  server.call<ImportResult>('POST', '/api/admin/import', {
    token,
    body: { companyId: 1, csv },
    headers: { 'idempotency-key': key },
  });

const importedCount = async (prefix: string) =>
  (
    await server.ctx.db
      .select({ n: count() })
      .from(transactions)
      .where(and(like(transactions.referenceId, `${prefix}%`), eq(transactions.companyId, 1)))
  )[0]!.n;

describe('import transactions', () => {
  it('previews three rows with one bad one, named by its line, and writes nothing', async () => {
    const csv = [
      HEADER,
      'IMPA001,2026-11-20,125.00,Visa,4242,Jane Doe,Approved',
      'IMPA002,11/21/2026,12.3.4,Visa,1111,,Approved',
      'IMPA003,2026-11-22,"1,040.50",Mastercard,5454,Ray Park,Settled',
    ].join('\n');
    const before = await fingerprint(server.ctx.db);
    const res = await preview(csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({
      companyName: 'Bright Smiles Dental',
      rows: 2,
      total: 125_00 + 1_040_50,
      problems: [{ line: 3, message: 'amount "12.3.4" is not a valid amount' }],
    });
    expect(res.body.value!.sample.map((r) => r.transactionId)).toEqual(['IMPA001', 'IMPA003']);
    expect(changedTables(before, await fingerprint(server.ctx.db))).toEqual([]);
  });

  it('imports the good rows as unassociated payments, skips the bad one, and run again imports nothing twice', async () => {
    const csv = [
      HEADER,
      'IMPB001,2026-11-20,125.00,Visa,4242,Jane Doe,Approved',
      'IMPB002,2026-11-21,abc,Visa,1111,,Approved',
      'IMPB003,2026-11-22,40.50,Amex,0005,,Settled',
    ].join('\r\n');
    const key = newKey();
    const res = await runImport(csv, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({ state: 'DONE', rows: 2, imported: 2, total: 165_50 });
    expect(res.body.value!.problems).toEqual([{ line: 3, message: 'amount "abc" is not a valid amount' }]);

    const rows = await server.ctx.db
      .select()
      .from(transactions)
      .where(like(transactions.referenceId, 'IMPB%'))
      .orderBy(transactions.referenceId);
    expect(
      rows.map((r) => [r.referenceId, r.amount, r.status, r.customerId, r.cardType, r.cardDescription]),
    ).toEqual([
      ['IMPB001', 125_00, 'APPROVED', null, 'VISA', '•••• 4242'],
      ['IMPB003', 40_50, 'APPROVED', null, 'AMERICAN_EXPRESS', '•••• 0005'],
    ]);
    expect(rows[0]).toMatchObject({ firstName: 'Jane', lastName: 'Doe', companyId: 1 });
    // Unassociated: nothing goes to the practice system until staff associate it.
    const postings = await server.ctx.db
      .select({ n: count() })
      .from(practicePostings)
      .where(eq(practicePostings.transactionId, rows[0]!.id));
    expect(postings[0]!.n).toBe(0);

    // The practice's staff see them among the unassociated payments.
    const list = await server.call<{ transactions: { referenceId: string; patientName?: string }[] }>(
      'POST',
      '/api/transaction/transactions',
      { token: frontdesk, body: { page: 1, transactionId: 'IMPB001' } },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(JSON.stringify(list.body.value)).toContain('IMPB001');

    // Charged elsewhere: no refund or void through Chairside, and nothing is written.
    const before = await fingerprint(server.ctx.db);
    for (const action of ['REFUND', 'VOID'] as const) {
      const refused = await server.call('POST', '/api/transaction/refundVoid', {
        token: admin,
        headers: idempotencyKey(),
        body: { id: rows[0]!.transactionResultId, action, refundAmount: 125_00 },
      });
      expect(refused.body).toMatchObject({ isSuccess: false, errors: [IMPORTED_PAYMENT_REFUSAL] });
    }
    expect(changedTables(before, await fingerprint(server.ctx.db))).toEqual([]);

    // The same request again (its key) answers what it did; a new one skips what is recorded.
    expect((await runImport(csv, key)).body.value).toMatchObject({ state: 'DONE', imported: 2 });
    const again = await runImport(csv);
    expect(again.body.value).toMatchObject({ rows: 0, imported: 0 });
    expect(again.body.value!.problems.map((p) => p.line)).toEqual([2, 3, 4]);
    expect(again.body.value!.problems[0]!.message).toBe('transaction ID IMPB001 is a payment already');
    expect(await importedCount('IMPB')).toBe(2);

    const progress = await server.call<ImportResult>(
      'GET',
      `/api/admin/import/progress?companyId=1&key=${key}`,
      {
        token: admin,
      },
    );
    expect(progress.body.value).toMatchObject({ state: 'DONE', imported: 2 });
    const [entry] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import.transactions'), eq(auditLog.targetId, key)));
    expect(entry).toMatchObject({ companyId: 1, after: { rows: 2, total: 165_50, badRows: 1 } });
  });

  it('refuses a file it cannot use, naming what is wrong', async () => {
    const cases: [string, RegExp][] = [
      ['Date,Amount\n2026-11-20,1.00', /no "transaction id" column/],
      [
        `${HEADER}\nIMPC1,2026-11-20,5.00,Visa,4242,,Declined`,
        /status "Declined" is not an approved payment/,
      ],
      [`${HEADER}\nIMPC2,2099-01-01,5.00,Visa,4242,,`, /date 2099-01-01 is in the future/],
      [`${HEADER}\nIMPC3,2026-02-30,5.00,Visa,4242,,`, /date "2026-02-30" is not a date/],
      [
        `${HEADER}\nIMPC4,2026-11-20,5.00,Visa,4242,,\nIMPC4,2026-11-20,5.00,Visa,4242,,`,
        /IMPC4 is on line 2 already/,
      ],
      [`${HEADER}\nIMPC5,2026-11-20,0.00,Visa,4242,,`, /amount must be more than \$0.00/],
      [`${HEADER}\nIMPC6,2026-11-20,5.00,Plastic,4242,,`, /card type "Plastic" is not a card brand we know/],
    ];
    for (const [csv, message] of cases) {
      const res = await preview(csv);
      // A file it cannot read at all is refused (400); a bad row is named among the problems.
      const said = [...(res.body.errors ?? []), ...(res.body.value?.problems.map((p) => p.message) ?? [])];
      expect(said.join('\n'), csv).toMatch(message);
    }
    expect(await importedCount('IMPC')).toBe(0);
  });

  it('imports 10,000 rows whole, its progress answered all along', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 10_000; i++) {
      lines.push(
        `IMPD${String(i).padStart(5, '0')},2026-11-${String((i % 28) + 1).padStart(2, '0')},${(i % 500) + 1}.25,Visa,4242,Pat Doe,Approved`,
      );
    }
    const key = newKey();
    const t0 = performance.now();
    let finished = false;
    const running = runImport(lines.join('\n'), key).finally(() => (finished = true));
    // The screen's poll, meanwhile: it is answered while batches are still being written.
    const seen: number[] = [];
    while (!finished) {
      const progress = await server.call<ImportResult>(
        'GET',
        `/api/admin/import/progress?companyId=1&key=${key}`,
        { token: admin },
      );
      if (progress.status === 200 && progress.body.value?.state === 'RUNNING') {
        seen.push(progress.body.value.imported);
      }
    }
    const res = await running;
    const seconds = (performance.now() - t0) / 1000;
    expect(
      seen.some((n) => n > 0 && n < 10_000),
      `progress seen: ${seen.join(', ')}`,
    ).toBe(true);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.value).toMatchObject({ state: 'DONE', rows: 10_000, imported: 10_000, problems: [] });
    expect(await importedCount('IMPD')).toBe(10_000);
    console.log(`10,000-row import: ${seconds.toFixed(1)} s`);
  });

  it('answers a practice user as every admin call they may not make', async () => {
    expect((await preview(`${HEADER}\nIMPE1,2026-11-20,5.00,,,,`, frontdesk)).status).toBe(403);
    expect((await runImport(`${HEADER}\nIMPE1,2026-11-20,5.00,,,,`, newKey(), frontdesk)).status).toBe(403);
    expect(await importedCount('IMPE')).toBe(0);
  });
});

describe('post approval', () => {
  /** A sale the processor approved whose payment was never recorded, three minutes ago. */
  async function lostSale(referenceId: string, token: string) {
    await server.ctx.db.insert(providerCharges).values({
      referenceId,
      businessId: BRIGHT_SMILES.businessId,
      token,
      kind: 'SALE',
      amount: 87_65,
      approved: true,
      createdAt: new Date(server.ctx.clock.now().getTime() - 3 * 60_000),
    });
  }

  it('posts a lost approval as the payment of the patient whose card it is, once', async () => {
    const [onFile] = await server.ctx.db
      .select({ token: savedCards.providerToken, customerId: savedCards.customerId })
      .from(savedCards)
      .innerJoin(providerCards, eq(providerCards.token, savedCards.providerToken))
      .where(and(eq(savedCards.companyId, 1), eq(savedCards.isActive, true)))
      .limit(1);
    await lostSale('LOSTA1-2026-0001', onFile!.token);

    const listed = await server.call<{ approvals: UnrecordedApproval[] }>(
      'GET',
      '/api/admin/approvals/unrecorded?companyId=1',
      {
        token: admin,
      },
    );
    expect(listed.status).toBe(200);
    const lost = listed.body.value!.approvals.find((a) => a.referenceId === 'LOSTA1-2026-0001');
    expect(lost).toMatchObject({ transactionId: 'LOSTA1', amount: 87_65, patientName: expect.any(String) });
    // Cedar Family Dentistry's processor account has no such sale.
    const cedar = await server.call<{ approvals: UnrecordedApproval[] }>(
      'GET',
      '/api/admin/approvals/unrecorded?companyId=2',
      {
        token: admin,
      },
    );
    expect(cedar.body.value!.approvals.some((a) => a.referenceId === 'LOSTA1-2026-0001')).toBe(false);

    const post = (companyId: number) =>
      server.call<{ transactionId: string }>('POST', '/api/admin/approvals/post', {
        token: admin,
        body: { companyId, referenceId: 'losta1-2026-0001', source: 'VIRTUALTERMINAL' },
        headers: idempotencyKey(),
      });
    const elsewhere = await post(2);
    expect(elsewhere.status).toBe(400);
    expect(JSON.stringify(elsewhere.body)).toMatch(
      /body\.referenceId.*Cedar Family Dentistry's processor account has no approved sale/,
    );

    const done = await post(1);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [payment] = await server.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.referenceId, 'LOSTA1-2026-0001'));
    expect(payment).toMatchObject({
      companyId: 1,
      customerId: onFile!.customerId,
      amount: 87_65,
      status: 'APPROVED',
      source: 'VIRTUALTERMINAL',
    });
    const postings = await server.ctx.db
      .select()
      .from(practicePostings)
      .where(eq(practicePostings.transactionId, payment!.id));
    expect(postings.map((p) => p.kind)).toEqual(['PAYMENT']);
    const [entry] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval.post'), eq(auditLog.targetId, String(payment!.id))));
    expect(entry).toMatchObject({ companyId: 1, after: { transactionId: 'LOSTA1', amount: 87_65 } });

    const twice = await post(1);
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('LOSTA1 is a payment of Bright Smiles Dental already');
  });

  it('posts an approval on a card on no one’s file as unassociated', async () => {
    await server.ctx.db.insert(providerCards).values({
      token: 'tok_lost_unknown',
      businessId: BRIGHT_SMILES.businessId,
      brand: 'DISCOVER',
      last4: '1117',
      expMonth: 4,
      expYear: 2031,
      funding: 'CREDIT',
      behaviour: 'APPROVE',
    });
    await lostSale('LOSTB2-2026-0002', 'tok_lost_unknown');
    const done = await server.call('POST', '/api/admin/approvals/post', {
      token: admin,
      body: { companyId: 1, referenceId: 'LOSTB2-2026-0002', source: 'TERMINAL' },
      headers: idempotencyKey(),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [payment] = await server.ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.referenceId, 'LOSTB2-2026-0002'), isNull(transactions.customerId)));
    expect(payment).toMatchObject({ cardType: 'DISCOVER', cardDescription: '•••• 1117', source: 'TERMINAL' });
  });
});
