/**
 * Issue 19's server side of the transactions list: every filter one by one and combined, sorting,
 * paging by 10 and the capped count, the company-wide view (administrators only), one transaction's
 * details, removing an unassociated payment, the CSV export against the list, and the virtual
 * terminal (quote = charge, a changed total refused uncharged, idempotency, unassociated without a
 * patient, a new card kept on file); roles, and another practice's records answering as missing.
 */
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { asPracticeId } from '../../server/db/scope.js';
import {
  customers,
  paymentLedger,
  paySplits,
  practicePayments,
  procedures,
  paymentPlanDetails,
  providerCharges,
  savedCards,
  transactions,
} from '../../server/db/schema/index.js';
import { countTransactions, EVERY_PRACTICE } from '../../server/transactions/listStore.js';
import {
  asAdminAt,
  BRIGHT_SMILES,
  CARDS,
  hubListener,
  idempotencyKey,
  newCustomer,
  nonceFor,
} from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let frontdesk: string;
let admin: string;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  [frontdesk, admin, viewer] = await Promise.all([
    server.tokenFor('frontdesk'),
    server.tokenFor('admin'),
    server.tokenWithTerms('viewer'),
  ]);
});
afterAll(() => server?.close());

const db = () => server.ctx.db;

type Filter = Record<string, unknown>;

async function page(body: Filter, token = frontdesk) {
  return server.call<Transaction[]>('POST', '/api/transaction/transactions', { token, body });
}

/** Every row of a filter, page after page of 10. */
async function everyRow(body: Filter, token = frontdesk): Promise<Transaction[]> {
  const all: Transaction[] = [];
  for (let n = 1; ; n++) {
    const { status, body: answer } = await page({ ...body, page: n }, token);
    expect(status, JSON.stringify(answer)).toBe(200);
    all.push(...answer.value!);
    if (answer.value!.length < 10) return all;
  }
}

/** The practice's transactions that meet a condition, counted in the database. */
async function counted(...conditions: ReturnType<typeof eq>[]) {
  const [row] = await db()
    .select({ n: count() })
    .from(transactions)
    .where(and(eq(transactions.companyId, BRIGHT_SMILES.id), ...conditions));
  return row!.n;
}

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('the list, filter by filter', () => {
  it('pages by 10, newest first, with the count of every row on each item', async () => {
    const first = await page({ page: 1 });
    const second = await page({ page: 2 });
    expect(first.body.value).toHaveLength(10);
    expect(second.body.value).toHaveLength(10);
    const all = await counted();
    expect(all).toBeGreaterThan(20);
    const shown = Math.min(all, 10_000);
    expect(first.body.value!.every((t) => t.rows === shown && t.rowsCapped === all > 10_000)).toBe(true);
    const ids = [...first.body.value!, ...second.body.value!].map((t) => t.id);
    expect(new Set(ids).size).toBe(20);
    const created = [...first.body.value!, ...second.body.value!].map((t) => t.created);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('sorts by amount, both ways', async () => {
    const up = (await page({ sort: 'Amount:ascending' })).body.value!.map((t) => t.amount);
    const down = (await page({ sort: 'Amount:descending' })).body.value!.map((t) => t.amount);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(up[0]!).toBeLessThanOrEqual(down.at(-1)!);
  });

  it('filters by a date range, both days included', async () => {
    const today = server.ctx.clock.now();
    const weekAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 7);
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    const rows = await everyRow({ startDate: day(weekAgo), endDate: day(yesterday) });
    const from = new Date(weekAgo.getFullYear(), weekAgo.getMonth(), weekAgo.getDate());
    const before = new Date(yesterday.getFullYear(), yesterday.getMonth(), yesterday.getDate() + 1);
    expect(rows.length).toBe(
      await counted(
        sql`${transactions.created} >= ${from}` as never,
        sql`${transactions.created} < ${before}` as never,
      ),
    );
    expect(rows.every((t) => new Date(t.created) >= from && new Date(t.created) < before)).toBe(true);
    expect(new Set(rows.map((t) => day(new Date(t.created)))).size).toBeGreaterThan(3);
  });

  it('filters by sources and by status', async () => {
    const terminal = await page({ modules: ['TERMINAL', 'VIRTUALTERMINAL'] });
    expect(terminal.body.value!.every((t) => ['TERMINAL', 'VIRTUALTERMINAL'].includes(t.source))).toBe(true);
    expect(terminal.body.value![0]!.rows).toBe(
      Math.min(
        10_000,
        await counted(sql`${transactions.source} in ('TERMINAL', 'VIRTUALTERMINAL')` as never),
      ),
    );
    const declined = await everyRow({ status: 'DECLINED' });
    expect(declined.length).toBe(await counted(eq(transactions.status, 'DECLINED')));
    expect(declined.every((t) => t.status === 'DECLINED' && t.reason)).toBe(true);
  });

  it('filters by the spec’s states: approved is neither refunded nor voided; refunded; voided', async () => {
    const refunded = await everyRow({ status: 'REFUNDED' });
    const voided = await everyRow({ status: 'VOIDED' });
    expect(refunded.length).toBeGreaterThan(0);
    expect(voided.length).toBeGreaterThan(0);
    expect(refunded.every((t) => t.status === 'APPROVED' && t.refundVoidType === 'REFUNDED')).toBe(true);
    expect(voided.every((t) => t.status === 'APPROVED' && t.refundVoidType === 'VOIDED')).toBe(true);
    const withRefund = sql`exists (select 1 from refunds r where r.transaction_id = ${transactions.id})`;
    const approved = await page({ status: 'APPROVED' });
    expect(approved.body.value!.every((t) => t.status === 'APPROVED' && t.refundVoidType === null)).toBe(
      true,
    );
    expect(approved.body.value![0]!.rows).toBe(
      Math.min(10_000, await counted(eq(transactions.status, 'APPROVED'), sql`not ${withRefund}` as never)),
    );
    const all = await page({});
    const declined = await page({ status: 'DECLINED' });
    // The four states cover every transaction once.
    expect(
      approved.body.value![0]!.rows + declined.body.value![0]!.rows + refunded.length + voided.length,
    ).toBe(all.body.value![0]!.rows);
  });

  it('filters by patient: a customer id, or a patient number', async () => {
    const [payer] = await db()
      .select({ customerId: transactions.customerId, n: count() })
      .from(transactions)
      .where(and(eq(transactions.companyId, BRIGHT_SMILES.id), isNotNull(transactions.customerId)))
      .groupBy(transactions.customerId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const byId = await everyRow({ customerId: payer!.customerId });
    expect(byId.length).toBe(payer!.n);
    expect(byId.every((t) => t.customerId === payer!.customerId)).toBe(true);
    const key = byId[0]!.customerKey!;
    const byKey = await everyRow({ customerKey: key });
    expect(byKey.map((t) => t.id)).toEqual(byId.map((t) => t.id));
  });

  it('finds a transaction by the ID people see, or by its whole reference, in any case', async () => {
    const [check] = await db()
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.companyId, BRIGHT_SMILES.id),
          eq(transactions.fundingSource, 'CHECK'),
          sql`${transactions.referenceId} like '%#%'`,
        ),
      )
      .limit(1);
    const shown = check!.referenceId.split('-')[0]!;
    for (const typed of [
      shown,
      shown.toLowerCase(),
      check!.referenceId,
      check!.referenceId.split('#')[0]!.toLowerCase(),
    ]) {
      const found = await page({ transactionId: typed });
      expect(
        found.body.value!.map((t) => t.id),
        typed,
      ).toEqual([check!.id]);
    }
    expect((await page({ transactionId: 'ZZZZZZ' })).body.value).toEqual([]);
  });

  it("filters by a plan, and by one cycle of it: that cycle's payments only", async () => {
    const [item] = await db()
      .select({ detailId: paymentLedger.paymentPlanDetailId, planId: paymentLedger.paymentPlanId })
      .from(paymentLedger)
      .innerJoin(paymentPlanDetails, eq(paymentPlanDetails.id, paymentLedger.paymentPlanDetailId))
      .where(and(eq(paymentLedger.companyId, BRIGHT_SMILES.id), isNotNull(paymentLedger.transactionId)))
      .limit(1);
    const [detail] = await db()
      .select()
      .from(paymentPlanDetails)
      .where(eq(paymentPlanDetails.id, item!.detailId!));
    const ofCycle = await everyRow({ paymentPlanDetailId: item!.detailId });
    const ledgerIds = (
      await db()
        .select({ id: paymentLedger.transactionId })
        .from(paymentLedger)
        .where(
          and(eq(paymentLedger.paymentPlanDetailId, item!.detailId!), isNotNull(paymentLedger.transactionId)),
        )
    ).map((r) => r.id);
    expect(ofCycle.length).toBeGreaterThan(0);
    expect(ofCycle.every((t) => ledgerIds.includes(t.id) || t.referenceId === detail!.referenceId)).toBe(
      true,
    );
    expect(ofCycle.every((t) => t.paymentPlanId === item!.planId)).toBe(true);
    const ofPlan = await everyRow({ paymentPlanId: item!.planId });
    expect(ofPlan.length).toBeGreaterThanOrEqual(ofCycle.length);
    expect(ofPlan.every((t) => t.paymentPlanId === item!.planId && t.source === 'PAYMENTPLAN')).toBe(true);
  });

  it('shows the two kinds of unassociated payments, alone or together, never removed ones', async () => {
    const pageOrphans = await everyRow({ viewPaymentPageOrphans: true });
    const otherOrphans = await everyRow({ viewOtherOrphans: true });
    const both = await everyRow({ viewPaymentPageOrphans: true, viewOtherOrphans: true });
    expect(pageOrphans.length).toBeGreaterThan(0);
    expect(otherOrphans.length).toBeGreaterThan(0);
    expect(pageOrphans.every((t) => t.source === 'PAYMENTPAGE' && t.customerId === null && !t.removed)).toBe(
      true,
    );
    expect(
      otherOrphans.every(
        (t) => ['TERMINAL', 'VIRTUALTERMINAL'].includes(t.source) && t.customerId === null && !t.removed,
      ),
    ).toBe(true);
    expect(both.length).toBe(pageOrphans.length + otherOrphans.length);
    expect(pageOrphans.length).toBe(
      await counted(
        eq(transactions.source, 'PAYMENTPAGE'),
        isNull(transactions.customerId) as never,
        isNull(transactions.orphanRemoved) as never,
      ),
    );
  });

  it('combines filters: source, status, a date range and unassociated payments', async () => {
    const start = new Date(server.ctx.clock.now().getTime() - 60 * 86_400_000);
    const rows = await everyRow({
      viewOtherOrphans: true,
      modules: ['TERMINAL'],
      status: 'APPROVED',
      startDate: day(start),
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every(
        (t) =>
          t.source === 'TERMINAL' &&
          t.status === 'APPROVED' &&
          t.customerId === null &&
          day(new Date(t.created)) >= day(start),
      ),
    ).toBe(true);
  });

  it('caps the count: past the cap it counts cap + 1 and says so', async () => {
    const practice = asPracticeId(BRIGHT_SMILES.id);
    const all = await counted();
    expect(await countTransactions(db(), practice, {}, 5)).toEqual({ rows: 5, capped: true });
    expect(await countTransactions(db(), practice, {}, all)).toEqual({ rows: all, capped: false });
    expect(await countTransactions(db(), practice, {}, all - 1)).toEqual({ rows: all - 1, capped: true });
    const everywhere = await countTransactions(db(), EVERY_PRACTICE, {}, 1_000_000);
    expect(everywhere.rows).toBeGreaterThan(all);
  });

  it('names a bad filter field', async () => {
    const bad = await page({ startDate: '2025-02-10', endDate: '2025-02-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^body\.endDate: /);
  });
});

describe("the reports' filters: payment method, clinic and provider", () => {
  const monthAgo = () => day(new Date(server.ctx.clock.now().getTime() - 30 * 86_400_000));

  /** The practice's transactions of the last 30 days, with what each filter reads, from the tables. */
  async function recent() {
    const start = new Date(`${monthAgo()}T00:00:00`);
    const rows = await db()
      .select({
        id: transactions.id,
        fundingSource: transactions.fundingSource,
        cardType: transactions.cardType,
        clinicNum: customers.clinicNum,
      })
      .from(transactions)
      .leftJoin(customers, eq(customers.id, transactions.customerId))
      .where(and(eq(transactions.companyId, BRIGHT_SMILES.id), sql`${transactions.created} >= ${start}`));
    return rows.map((r) => ({
      id: r.id,
      method: r.fundingSource === 'CARD' ? (r.cardType ?? 'CARD') : r.fundingSource,
      clinicNum: r.clinicNum ?? 0,
    }));
  }

  const ids = (list: { id: number }[]) => list.map((t) => t.id).sort((a, b) => a - b);

  it('filters by payment method: a brand, a card of unknown brand, cash or check', async () => {
    const rows = await recent();
    const methods = ['VISA', 'CASH'];
    const expected = rows.filter((r) => methods.includes(r.method));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length);
    const listed = await everyRow({ startDate: monthAgo(), methods });
    expect(ids(listed)).toEqual(ids(expected));
    expect(listed[0]!.rows).toBe(expected.length);
    expect(
      listed.every(
        (t) =>
          (t.fundingSource === 'CARD' ? t.cardType : t.fundingSource) === 'VISA' ||
          t.fundingSource === 'CASH',
      ),
    ).toBe(true);
  });

  it("filters by the patient's clinic, a payment with no patient being clinic 0", async () => {
    const rows = await recent();
    const clinics = [...new Set(rows.map((r) => r.clinicNum))].filter((n) => n !== 0);
    expect(clinics.length).toBeGreaterThan(0);
    const clinic = clinics[0]!;
    const inClinic = await everyRow({ startDate: monthAgo(), clinicNums: [clinic] });
    expect(ids(inClinic)).toEqual(ids(rows.filter((r) => r.clinicNum === clinic)));
    expect(inClinic.length).toBeGreaterThan(0);
    const none = await everyRow({ startDate: monthAgo(), clinicNums: [0] });
    expect(ids(none)).toEqual(ids(rows.filter((r) => r.clinicNum === 0)));
    expect(none.some((t) => t.customerId === null)).toBe(true);
    // A clinic the practice does not have matches nothing.
    expect((await page({ clinicNums: [987_654] })).body.value).toEqual([]);
  });

  it('filters by provider: a payment with a pay split on one of their procedures', async () => {
    const splits = await db()
      .select({ transactionId: practicePayments.transactionId, provider: procedures.provider })
      .from(paySplits)
      .innerJoin(practicePayments, eq(practicePayments.id, paySplits.paymentId))
      .innerJoin(
        procedures,
        and(eq(procedures.companyId, paySplits.companyId), eq(procedures.procNum, paySplits.procNum)),
      )
      .where(and(eq(paySplits.companyId, BRIGHT_SMILES.id), isNotNull(practicePayments.transactionId)));
    const providers = [...new Set(splits.map((s) => s.provider))].sort();
    expect(providers.length).toBeGreaterThan(1);
    const provider = providers[0]!;
    const expected = [...new Set(splits.filter((s) => s.provider === provider).map((s) => s.transactionId!))];
    const listed = await everyRow({ providers: [provider] });
    expect(ids(listed)).toEqual(expected.sort((a, b) => a - b));
    // Every provider's payments together: each payment once, however many splits it has.
    const every = await everyRow({ providers });
    expect(ids(every)).toEqual([...new Set(splits.map((s) => s.transactionId!))].sort((a, b) => a - b));
    expect((await page({ providers: ['NOBODY'] })).body.value).toEqual([]);
  });

  it('exports the same rows as the list, and combines with the other filters', async () => {
    const filter = { startDate: monthAgo(), methods: ['VISA', 'MASTERCARD'], clinicNums: [0, 1] };
    const listed = await everyRow(filter);
    expect(listed.length).toBeGreaterThan(0);
    const link = await server.call<{ url: string }>('POST', '/api/transaction/export', {
      token: frontdesk,
      body: filter,
    });
    expect(link.status).toBe(200);
    const [, ...rows] = parseCsv(await (await fetch(link.body.value!.url)).text());
    expect(rows.map((r) => r[2])).toEqual(listed.map((t) => t.referenceId.split('-')[0]));
  });

  it('names a bad method, clinic or provider', async () => {
    for (const [body, field] of [
      [{ methods: ['BITCOIN'] }, 'methods'],
      [{ methods: ['CASH', 'CASH'] }, 'methods'],
      [{ clinicNums: [-1] }, 'clinicNums'],
      [{ providers: [''] }, 'providers'],
    ] as const) {
      const bad = await page(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.errors[0]).toMatch(new RegExp(`^body\\.${field}\\.\\d+: `));
    }
  });
});

describe('the company-wide view', () => {
  it("shows an administrator every practice's transactions, with the practice's name", async () => {
    const rows = await everyRow(
      { companyWide: true, modules: ['INSURANCE', 'TERMINAL'], status: 'DECLINED' },
      admin,
    );
    const practices = new Map(rows.map((t) => [t.companyId, t.companyName]));
    expect(practices.size).toBeGreaterThan(1);
    expect([...practices.values()]).toEqual(
      expect.arrayContaining(['Bright Smiles Dental', 'Cedar Family Dentistry']),
    );
    const [foreign] = rows.filter((t) => t.companyId !== BRIGHT_SMILES.id);
    const one = await server.call<Transaction>(
      'GET',
      `/api/transaction/transaction?id=${foreign!.id}&companyWide=true`,
      {
        token: admin,
      },
    );
    expect(one.body.value).toMatchObject({ id: foreign!.id, companyName: foreign!.companyName });
  });

  it("narrows to one practice's transactions for its page in the admin area", async () => {
    const cedar = await everyRow({ companyWide: true, companyId: 2 }, admin);
    expect(cedar.length).toBeGreaterThan(0);
    expect(new Set(cedar.map((t) => t.companyName))).toEqual(new Set(['Cedar Family Dentistry']));
    const counted = await countTransactions(db(), asPracticeId(2), {}, 1_000_000);
    expect(cedar.length).toBe(counted.rows);
  });

  it('refuses everyone else with a 403', async () => {
    expect((await page({ companyWide: true }, frontdesk)).status).toBe(403);
    expect((await page({ companyWide: true, companyId: 1 }, frontdesk)).status).toBe(403);
    const one = await server.call('GET', '/api/transaction/transaction?id=1&companyWide=true', {
      token: viewer,
    });
    expect(one.status).toBe(403);
  });
});

describe('one transaction', () => {
  it("gives the practice's own, and answers another practice's as missing", async () => {
    const [own] = (await page({})).body.value!;
    const found = await server.call<Transaction>('GET', `/api/transaction/transaction?id=${own!.id}`, {
      token: frontdesk,
    });
    expect(found.status).toBe(200);
    expect(found.body.value).toEqual({ ...own, rows: 1, rowsCapped: false });
    const [foreign] = await db().select().from(transactions).where(eq(transactions.companyId, 2)).limit(1);
    const refused = await server.call('GET', `/api/transaction/transaction?id=${foreign!.id}`, {
      token: frontdesk,
    });
    const missing = await server.call('GET', '/api/transaction/transaction?id=2000000000', {
      token: frontdesk,
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(missing.body);
  });
});

describe('Remove Unassociated Payment', () => {
  it('removes an unassociated payment for good: no void, no refund, never listed again', async () => {
    const [orphan] = await everyRow({ viewOtherOrphans: true, status: 'APPROVED' });
    const charges = await db().select({ n: count() }).from(providerCharges);
    const removed = await server.call<{ id: number; removed: string }>('POST', '/api/transaction/remove', {
      token: frontdesk,
      body: { id: orphan!.id },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.value).toMatchObject({ id: orphan!.id, removed: expect.any(String) });
    expect((await everyRow({ viewOtherOrphans: true })).map((t) => t.id)).not.toContain(orphan!.id);
    const after = await server.call<Transaction>('GET', `/api/transaction/transaction?id=${orphan!.id}`, {
      token: frontdesk,
    });
    expect(after.body.value).toMatchObject({
      removed: removed.body.value!.removed,
      refundVoidType: null,
      status: 'APPROVED',
    });
    expect(await db().select({ n: count() }).from(providerCharges)).toEqual(charges);

    const again = await server.call('POST', '/api/transaction/remove', {
      token: frontdesk,
      body: { id: orphan!.id },
    });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toBe('body.id: This payment was removed already.');
  });

  it('refuses an associated payment with a 400, and answers another practice’s as missing', async () => {
    const [associated] = (await page({ modules: ['TERMINAL'] })).body.value!.filter(
      (t) => t.customerId !== null,
    );
    const refused = await server.call('POST', '/api/transaction/remove', {
      token: frontdesk,
      body: { id: associated!.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatch(/^body\.id: This payment is associated with a patient/);
    const [foreign] = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.companyId, 2), isNull(transactions.customerId)))
      .limit(1);
    const other = await server.call('POST', '/api/transaction/remove', {
      token: frontdesk,
      body: { id: foreign!.id },
    });
    expect(other.status).toBe(404);
    expect(
      (await db().select().from(transactions).where(eq(transactions.id, foreign!.id)))[0]!.orphanRemoved,
    ).toBeNull();
  });

  it('refuses the viewer with a 403, changing nothing', async () => {
    const [orphan] = await asAdminAt(
      server,
      2,
      async (adminAtCedar) =>
        (
          await server.call<Transaction[]>('POST', '/api/transaction/transactions', {
            token: adminAtCedar,
            body: { viewPaymentPageOrphans: true, viewOtherOrphans: true },
          })
        ).body.value!,
    );
    const refused = await server.call('POST', '/api/transaction/remove', {
      token: viewer,
      body: { id: orphan!.id },
    });
    expect(refused.status).toBe(403);
    expect(
      (await db().select().from(transactions).where(eq(transactions.id, orphan!.id)))[0]!.orphanRemoved,
    ).toBeNull();
  });
});

/** Parses the export's CSV (RFC 4180: quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('Export CSV', () => {
  async function exportOf(body: Filter, token = frontdesk) {
    const link = await server.call<{ url: string; expires: string }>('POST', '/api/transaction/export', {
      token,
      body,
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    return link.body.value!;
  }

  it('streams every row of the filter, as the list has them, with the columns people see', async () => {
    const filter = {
      modules: ['TERMINAL', 'VIRTUALTERMINAL', 'PAYMENTPAGE'],
      startDate: day(new Date(Date.now() - 30 * 86_400_000)),
    };
    const listed = await everyRow(filter);
    expect(listed.length).toBeGreaterThan(10);
    const { url, expires } = await exportOf(filter);
    expect(Date.parse(expires) - Date.now()).toBeLessThanOrEqual(60_000);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte-order mark, so that Excel reads the file as UTF-8 ('••••' and accents intact).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes); // which drops the mark
    expect(text).toContain('••••');
    const [header, ...rows] = parseCsv(text);
    // The list's columns, with the list's names.
    expect(header).toEqual([
      'Status',
      'Date',
      'Transaction ID',
      'Patient',
      'Source',
      'Payment Method',
      'Amount',
      'Surcharge',
      'Total',
      'Practice System',
    ]);
    expect(rows.map((r) => r[2])).toEqual(listed.map((t) => t.referenceId.split('-')[0]));
    expect(rows.map((r) => r[8])).toEqual(listed.map((t) => formatCurrency(t.amount)));
    const orphan = listed.findIndex((t) => t.customerId === null && !t.firstName);
    expect(orphan).toBeGreaterThanOrEqual(0);
    expect(rows[orphan]![3]).toBe('Unassociated Patient');
    // Not posted, as the list says: '—', never 'Pending', for a payment with no patient to post to.
    if (listed[orphan]!.practiceManagementStatus === 0) expect(rows[orphan]![9]).toBe('—');
    for (const [i, t] of listed.entries()) {
      if (t.status === 'DECLINED') expect(rows[i]![9]).toBe('—');
    }
    const refunded = listed.findIndex((t) => t.refundVoidType === 'REFUNDED');
    expect(refunded).toBeGreaterThanOrEqual(0);
    const r = listed[refunded]!;
    expect(rows[refunded]![0]).toBe(
      `${r.refundVoidAmount! < r.amount ? 'Partly refunded' : 'Refunded'} ${formatCurrency(-r.refundVoidAmount!)}`,
    );
  });

  it('refuses a link that was changed, and one that expired', async () => {
    const { url } = await exportOf({ modules: ['TERMINAL'] });
    const token = new URL(url).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const widened = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), p: 2 }),
    ).toString('base64url');
    const forged = await server.call('GET', `/api/transaction/export.csv?token=${widened}.${signature}`);
    expect(forged.status).toBe(400);
    expect(forged.body.errors[0]).toBe('query.token: This export link is not valid. Export the list again.');
    const realNow = Date.now;
    Date.now = () => realNow() + 61_000;
    try {
      const late = await server.call('GET', `/api/transaction/export.csv?token=${token}`);
      expect(late.status).toBe(400);
      expect(late.body.errors[0]).toBe('query.token: This export link has expired. Export the list again.');
    } finally {
      Date.now = realNow;
    }
  });

  it('is bound to the practice: the viewer’s export holds only their practice’s rows', async () => {
    const { url } = await exportOf({ status: 'APPROVED' }, viewer);
    const [, ...rows] = parseCsv(await (await fetch(url)).text());
    // Approved: neither refunded nor voided (the spec's states).
    const [cedar] = await db()
      .select({ n: count() })
      .from(transactions)
      .where(
        and(
          eq(transactions.companyId, 2),
          eq(transactions.status, 'APPROVED'),
          sql`not exists (select 1 from refunds r where r.transaction_id = ${transactions.id})`,
        ),
      );
    expect(rows.length).toBe(cedar!.n);
    const wide = await server.call('POST', '/api/transaction/export', {
      token: viewer,
      body: { companyWide: true },
    });
    expect(wide.status).toBe(403);
  });
});

describe('the virtual terminal', () => {
  async function quote(body: Filter, token = frontdesk) {
    return server.call<{ orderAmount: number; surchargeAmount: number; total: number; funding: string }>(
      'POST',
      '/api/transaction/virtualTerminal/quote',
      { token, body },
    );
  }
  async function charge(body: Filter, key = idempotencyKey(), token = frontdesk) {
    return server.call<{
      isApproved: boolean;
      referenceId: string;
      transactionId: string;
      total: number;
      transaction: Transaction;
    }>('POST', '/api/transaction/virtualTerminal', { token, body, headers: key });
  }
  const charges = async () => (await db().select({ n: count() }).from(providerCharges))[0]!.n;

  it('charges exactly the quoted total, surcharge disclosed, for a patient, and keeps the card on file', async () => {
    const customer = await newCustomer(server, frontdesk);
    const nonce = await nonceFor(server, CARDS.visa);
    const quoted = await quote({ customerId: customer.id, amount: 10_000, nonce });
    expect(quoted.body.value).toMatchObject({
      orderAmount: 10_000,
      surchargeAmount: 300,
      total: 10_300,
      funding: 'CREDIT',
    });
    const paid = await charge({
      customerId: customer.id,
      amount: 10_000,
      nonce,
      total: 10_300,
      note: 'Crown copay',
      storeCard: true,
    });
    expect(paid.body.value).toMatchObject({ isApproved: true, total: 10_300 });
    expect(paid.body.value!.transactionId).toBe(paid.body.value!.referenceId.split('-')[0]);
    expect(paid.body.value!.transaction).toMatchObject({
      source: 'VIRTUALTERMINAL',
      customerId: customer.id,
      amount: 10_300,
      orderAmount: 10_000,
      surchargeAmount: 300,
      note: 'Crown copay',
      noteLabel: 'Note',
      status: 'APPROVED',
    });
    const cards = await db().select().from(savedCards).where(eq(savedCards.customerId, customer.id));
    expect(cards.map((c) => c.description)).toEqual(['•••• 1111']);

    // The card on file now: the same quote, and a charge of it.
    const onFile = await quote({ amount: 5_000, customerSavedCardId: cards[0]!.id });
    expect(onFile.body.value).toMatchObject({ total: 5_150 });
    const again = await charge({ amount: 5_000, customerSavedCardId: cards[0]!.id, total: 5_150 });
    expect(again.body.value!.transaction).toMatchObject({ customerId: customer.id, amount: 5_150 });
  });

  it('refuses a different total without charging', async () => {
    const nonce = await nonceFor(server, CARDS.visa);
    const before = await charges();
    const rowsBefore = (await db().select({ n: count() }).from(transactions))[0]!.n;
    const refused = await charge({ amount: 10_000, nonce, total: 10_000 });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ isSuccess: false, value: null });
    expect(refused.body.errors[0]).toBe(
      'The total for this card is $103.00, including a $3.00 credit card surcharge. Nothing was charged: review the total and charge again.',
    );
    expect(await charges()).toBe(before);
    expect((await db().select({ n: count() }).from(transactions))[0]!.n).toBe(rowsBefore);
  });

  it('charges once for one Idempotency-Key', async () => {
    const nonce = await nonceFor(server, CARDS.mastercard);
    const key = idempotencyKey();
    const before = await charges();
    const [a, b] = await Promise.all([
      charge({ amount: 2_500, nonce, total: 2_575 }, key),
      charge({ amount: 2_500, nonce, total: 2_575 }, key),
    ]);
    expect(a.body.value!.referenceId).toBe(b.body.value!.referenceId);
    expect(await charges()).toBe(before + 1);
    const rows = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.referenceId, a.body.value!.referenceId));
    expect(rows).toHaveLength(1);
  });

  it('without a patient, the payment is unassociated and listed among the other unassociated payments', async () => {
    const hub = await hubListener(server, frontdesk, ['TransactionProcessed']);
    const nonce = await nonceFor(server, CARDS.visaDebit);
    const quoted = await quote({ amount: 4_200, nonce });
    expect(quoted.body.value).toMatchObject({ surchargeAmount: 0, total: 4_200, funding: 'DEBIT' });
    const paid = await charge({ amount: 4_200, nonce, total: 4_200 });
    expect(paid.body.value!.transaction).toMatchObject({
      customerId: null,
      firstName: null,
      source: 'VIRTUALTERMINAL',
      practiceManagementStatus: 0,
    });
    const orphans = await everyRow({ viewOtherOrphans: true, modules: ['VIRTUALTERMINAL'] });
    expect(orphans.map((t) => t.id)).toContain(paid.body.value!.transaction.id);
    // Announced as every new payment is, to the practice's connections.
    await hub.waitFor(
      'TransactionProcessed',
      (e: { referenceId: string }) => e.referenceId === paid.body.value!.referenceId,
    );
    await hub.stop();
  });

  it('records a declined card as declined', async () => {
    const nonce = await nonceFor(server, CARDS.declined);
    const paid = await charge({ amount: 1_000, nonce, total: 1_030 });
    expect(paid.body.value).toMatchObject({
      isApproved: false,
      transaction: { status: 'DECLINED', reason: 'Card declined' },
    });
  });

  it('refuses the viewer, and answers another practice’s patient and card as missing', async () => {
    const nonce = await nonceFor(server, CARDS.visa);
    expect((await quote({ amount: 1_000, nonce }, viewer)).status).toBe(403);
    expect((await charge({ amount: 1_000, nonce, total: 1_030 }, idempotencyKey(), viewer)).status).toBe(403);
    const [foreignCard] = await db()
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.companyId, 2), eq(savedCards.isActive, true)))
      .limit(1);
    const card = await quote({ amount: 1_000, customerSavedCardId: foreignCard!.id });
    expect(card.status).toBe(404);
    const patient = await quote({ amount: 1_000, nonce, customerId: foreignCard!.customerId });
    expect(patient.status).toBe(404);
  });

  it('names what is wrong: two cards, or a card kept without a patient', async () => {
    const both = await quote({ amount: 1_000, nonce: 'n', customerSavedCardId: 1 });
    expect(both.status).toBe(400);
    expect(both.body.errors[0]).toMatch(
      /^body\.customerSavedCardId: Choose a card on file or enter a new card/,
    );
    const keep = await charge({ amount: 1_000, nonce: 'x'.repeat(36), total: 1_030, storeCard: true });
    expect(keep.status).toBe(400);
    expect(keep.body.errors[0]).toMatch(/^body\.storeCard: /);
  });
});
