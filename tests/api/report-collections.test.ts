/**
 * POST /api/reports/collections against a real server. A property test writes random data sets
 * (payments, refunds, voids, pay splits on procedures) into the test database, each in a month of its
 * own long before the seed's, and checks the report's rules: net = gross − refunds − voids; every
 * split's money figures add up to the total; the total equals the dashboard statement's for the same
 * days; a day's count is the transactions list's for that day (its approved, refunded and voided
 * payments: every payment approved that day). Then the roles, the practice's isolation, a bad range,
 * and the CSV export.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CollectionsReport,
  CollectionsRequest,
  CollectionsSplitBy,
} from '../../embed-sdk/contract/reportCollections.js';
import { reportCollections } from '../../embed-sdk/contract/reportCollections.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import {
  clinics,
  customers,
  paySplits,
  practicePayments,
  procedures,
  refunds,
  transactions,
} from '../../server/db/schema/index.js';
import { asPracticeId } from '../../server/db/scope.js';
import { startOfCalendarDay } from '../../server/domain/dateRange.js';
import { responseSchema } from '../../server/http/route.js';
import { summaryRows } from '../../server/reports/store.js';
import { addonToken } from '../support/practiceAddon.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PATH = reportCollections.path;
const SPLITS: readonly CollectionsSplitBy[] = ['source', 'method', 'clinic', 'provider'];
const BRIGHT_SMILES = 1;
const CEDAR = 2;

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor('admin');
});
afterAll(() => server?.close());

async function report(body: Partial<CollectionsRequest>, token = admin): Promise<CollectionsReport> {
  const answer = await server.call<CollectionsReport>('POST', PATH, { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(responseSchema(reportCollections).safeParse(answer.body).success).toBe(true);
  return answer.body.value!;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
/** A local instant on a calendar day (the server's calendar is this process's). */
const instant = (day: string, minute: number) =>
  new Date(startOfCalendarDay(day).getTime() + minute * 60_000);

// ── Random data sets ──────────────────────────────────────────────────────────────────────────────

const SOURCES = ['TERMINAL', 'VIRTUALTERMINAL', 'PAYMENTPAGE', 'TEXTTOPAY', 'PAYMENTPLAN'] as const;
const METHODS = [
  { fundingSource: 'CARD', cardType: 'VISA' },
  { fundingSource: 'CARD', cardType: 'MASTERCARD' },
  { fundingSource: 'CARD', cardType: null },
  { fundingSource: 'CASH', cardType: null },
  { fundingSource: 'CHECK', cardType: null },
] as const;

const givenBackArb = fc.record({
  type: fc.constantFrom('REFUNDED', 'VOIDED'),
  /** Of the payment's amount, in thousandths. */
  share: fc.integer({ min: 1, max: 1000 }),
  /** Days after the payment (it may fall in the next month, out of the period). */
  later: fc.nat({ max: 20 }),
  /** Gives back from the first procedure split, when there is one. */
  fromSplit: fc.boolean(),
});

const paymentArb = fc.record({
  day: fc.integer({ min: 1, max: 28 }),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  declined: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  source: fc.constantFrom(...SOURCES),
  method: fc.constantFrom(...METHODS),
  order: fc.integer({ min: 100, max: 500_000 }),
  surcharge: fc.integer({ min: 0, max: 3_000 }),
  customer: fc.option(fc.nat(), { freq: 4 }),
  /** Splits on procedures (indices), each a share in thousandths of the order amount. */
  splits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 400 })), { maxLength: 3 }),
  posted: fc.boolean(),
  givenBack: fc.option(givenBackArb, { freq: 3 }),
});

type PaymentSpec = typeof paymentArb extends fc.Arbitrary<infer T> ? T : never;

async function practiceRecords(practice: number) {
  const db = server.ctx.db;
  const [people, work] = await Promise.all([
    db
      .select({ id: customers.id, patNum: customers.patientKey })
      .from(customers)
      .where(eq(customers.companyId, practice)),
    db.select({ procNum: procedures.procNum }).from(procedures).where(eq(procedures.companyId, practice)),
  ]);
  return { people, work };
}

async function writeDataSet(practice: number, year: number, month: number, specs: PaymentSpec[]) {
  const db = server.ctx.db;
  const { people, work } = await practiceRecords(practice);
  for (const spec of specs) {
    const day = dayOf(year, month, spec.day);
    const customer = spec.customer === null ? null : people[spec.customer % people.length]!;
    const amount = spec.order + spec.surcharge;
    const status = spec.declined ? 'DECLINED' : 'APPROVED';
    const [payment] = await db
      .insert(transactions)
      .values({
        companyId: practice,
        customerId: customer?.id ?? null,
        referenceId: `P${randomUUID()}`,
        transactionResultId: randomUUID(),
        status,
        amount,
        orderAmount: spec.order,
        surchargeAmount: spec.surcharge,
        fundingSource: spec.method.fundingSource,
        cardType: spec.method.cardType,
        source: spec.source,
        created: instant(day, spec.minute),
      })
      .returning();
    if (status !== 'APPROVED') continue;
    const splitIds: { id: number; procNum: number; amount: number }[] = [];
    let paymentId: number | null = null;
    if (spec.posted && work.length > 0) {
      const [pp] = await db
        .insert(practicePayments)
        .values({
          companyId: practice,
          patNum: customer?.patNum ?? 0,
          transactionId: payment!.id,
          referenceId: payment!.referenceId,
          payDate: day,
          payAmt: amount,
        })
        .returning();
      paymentId = pp!.id;
      let left = spec.order;
      for (const [index, share] of spec.splits) {
        const part = Math.min(left, Math.floor((spec.order * share) / 1000));
        if (part <= 0) continue;
        left -= part;
        const procNum = work[index % work.length]!.procNum;
        const [split] = await db
          .insert(paySplits)
          .values({ companyId: practice, paymentId, patNum: 0, procNum, amount: part, descript: 'test' })
          .returning();
        splitIds.push({ id: split!.id, procNum, amount: part });
      }
      // The rest, surcharge included, is unallocated.
      await db.insert(paySplits).values({
        companyId: practice,
        paymentId,
        patNum: 0,
        procNum: null,
        amount: amount - (spec.order - left),
        descript: 'test',
      });
    }
    const back = spec.givenBack;
    if (!back) continue;
    const backAmount = Math.max(1, Math.floor((amount * back.share) / 1000));
    const backSurcharge = Math.min(spec.surcharge, Math.floor((spec.surcharge * back.share) / 1000));
    const referenceId = `R${randomUUID()}`;
    await db.insert(refunds).values({
      companyId: practice,
      transactionId: payment!.id,
      type: back.type,
      amount: backAmount,
      orderAmount: backAmount - backSurcharge,
      surchargeAmount: backSurcharge,
      referenceId,
      created: new Date(instant(day, spec.minute).getTime() + back.later * 86_400_000 + 60_000),
    });
    const from = splitIds[0];
    if (paymentId !== null && from && back.fromSplit) {
      await db.insert(paySplits).values({
        companyId: practice,
        paymentId,
        patNum: 0,
        procNum: from.procNum,
        amount: -Math.min(from.amount, backAmount - backSurcharge),
        descript: 'refund',
        refundOfSplitId: from.id,
        refundReferenceId: referenceId,
      });
    }
  }
}

async function listCount(token: string, day: string, status: string) {
  const list = await server.call<Transaction[]>('POST', '/api/transaction/transactions', {
    token,
    body: { startDate: day, endDate: day, status, page: 1 },
  });
  expect(list.status).toBe(200);
  return list.body.value![0]?.rows ?? 0;
}

const money = ['gross', 'refunds', 'voids', 'surcharges', 'net'] as const;

describe('the figures agree (property)', () => {
  it(
    'net = gross − refunds − voids, every split adds up to the total, the dashboard and the transactions list agree',
    { timeout: 180_000 },
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(paymentArb, { minLength: 0, maxLength: 12 }),
          fc.constantFrom(...SPLITS),
          fc.constantFrom('day', 'week', 'month') as fc.Arbitrary<'day' | 'week' | 'month'>,
          fc.integer({ min: 2, max: 28 }),
          async (specs, splitBy, groupBy, lastDay) => {
            // A month of its own for each run, long before the seed's history.
            run += 1;
            const year = 1990 + Math.floor(run / 12);
            const month = (run % 12) + 1;
            await writeDataSet(BRIGHT_SMILES, year, month, specs);
            const from = dayOf(year, month, 1);
            const to = dayOf(year, month, lastDay);
            const value = await report({ from, to, groupBy, splitBy });

            const all = [
              value.totals,
              ...value.bySplit,
              ...value.buckets.flatMap((b) => [b.totals, ...b.bySplit]),
            ];
            for (const f of all) expect(f.net).toBe(f.gross - f.refunds - f.voids);

            const sum = (rows: typeof value.bySplit, figure: (typeof money)[number] | 'count') =>
              rows.reduce((s, r) => s + r[figure], 0);
            for (const figure of money) {
              expect(sum(value.bySplit, figure)).toBe(value.totals[figure]);
              expect(value.buckets.reduce((s, b) => s + b.totals[figure], 0)).toBe(value.totals[figure]);
              for (const b of value.buckets) expect(sum(b.bySplit, figure)).toBe(b.totals[figure]);
            }
            // A payment counts once under one value of every split but the provider's (under each of
            // its providers there, as the transactions list's provider filter lists it).
            if (splitBy !== 'provider') expect(sum(value.bySplit, 'count')).toBe(value.totals.count);
            else expect(sum(value.bySplit, 'count')).toBeGreaterThanOrEqual(value.totals.count);
            expect(value.buckets.reduce((s, b) => s + b.totals.count, 0)).toBe(value.totals.count);

            // The dashboard's statement, as of the end of the last day: its month is the same days.
            const end = new Date(instant(to, 24 * 60).getTime() - 1);
            const rows = await summaryRows(server.ctx.db, asPracticeId(BRIGHT_SMILES), end);
            const dash = rows.find((r) => !r.by_source && !r.by_method)!;
            expect(value.totals.count).toBe(Number(dash.month_count));
            expect(value.totals.gross).toBe(Number(dash.month_collected));
            expect(value.totals.refunds + value.totals.voids).toBe(Number(dash.month_refunded));
            expect(value.totals.surcharges).toBe(Number(dash.month_surcharge));

            // One day's count is the list's count of that day's approved payments, whatever happened
            // to them since: its PAID status (what the figure links to), which is its APPROVED,
            // REFUNDED and VOIDED states together.
            if (groupBy === 'day' && specs.length > 0) {
              const day = dayOf(year, month, Math.min(specs[0]!.day, lastDay));
              const bucket = value.buckets.find((b) => b.start === day)!;
              const [paid, ...states] = await Promise.all(
                ['PAID', 'APPROVED', 'REFUNDED', 'VOIDED'].map((status) => listCount(admin, day, status)),
              );
              expect(bucket.totals.count).toBe(paid);
              expect(paid).toBe(states.reduce((a, b) => a + b, 0));
            }
          },
        ),
        { numRuns: 20 },
      );
    },
  );
});

describe('one practice, one period', () => {
  const period = { from: '1985-03-01', to: '1985-03-31', groupBy: 'week', splitBy: 'source' } as const;

  it("counts another practice's payments never, and the clinic filter applies to every figure", async () => {
    const before = await report(period);
    await writeDataSet(CEDAR, 1985, 3, [
      {
        day: 4,
        minute: 600,
        declined: false,
        source: 'TERMINAL',
        method: METHODS[0],
        order: 12_000,
        surcharge: 0,
        customer: null,
        splits: [],
        posted: false,
        givenBack: { type: 'REFUNDED', share: 500, later: 1, fromSplit: false },
      },
    ]);
    expect(await report(period)).toEqual(before);
    const cedarToken = await server.tokenWithTerms('viewer');
    const cedar = await report(period, cedarToken);
    expect(cedar.totals).toMatchObject({ count: 1, gross: 12_000, refunds: 6_000, net: 6_000 });

    // A payment with no patient is clinic 0's: a filter on another clinic leaves it out everywhere.
    const other = await report({ ...period, clinicNums: [1] }, cedarToken);
    expect(other.totals).toEqual({ count: 0, gross: 0, refunds: 0, voids: 0, surcharges: 0, net: 0 });
    expect(other.buckets.every((b) => b.bySplit.length === 0)).toBe(true);
    const none = await report({ ...period, splitBy: 'clinic' }, cedarToken);
    // Clinic 0 is named as the practice names it (Cedar's seed calls it its headquarters).
    const [zero] = await server.ctx.db
      .select({ name: clinics.description })
      .from(clinics)
      .where(and(eq(clinics.companyId, CEDAR), eq(clinics.clinicNum, 0)));
    expect(none.bySplit).toEqual([{ value: '0', label: zero?.name ?? 'No clinic', ...cedar.totals }]);
  });

  it("counts a payment under its patient's clinic, through a move to another patient and a change of clinic", async () => {
    const db = server.ctx.db;
    const april = { from: '1985-04-01', to: '1985-04-30', groupBy: 'month', splitBy: 'clinic' } as const;
    const people = await db
      .select({ id: customers.id, clinicNum: customers.clinicNum })
      .from(customers)
      .where(eq(customers.companyId, BRIGHT_SMILES));
    const first = people[0]!;
    const second = people.find((p) => p.clinicNum !== first.clinicNum)!;
    const third = [1, 2, 3, 4].find((n) => n !== first.clinicNum && n !== second.clinicNum)!;
    const clinicsOf = async () =>
      (await report(april)).bySplit.map((s) => ({ clinic: s.value, count: s.count }));
    const listed = async (clinicNum: number) =>
      (
        await server.call<Transaction[]>('POST', '/api/transaction/transactions', {
          token: admin,
          body: {
            startDate: april.from,
            endDate: april.to,
            status: 'PAID',
            clinicNums: [clinicNum],
            page: 1,
          },
        })
      ).body.value![0]?.rows ?? 0;

    const [payment] = await db
      .insert(transactions)
      .values({
        companyId: BRIGHT_SMILES,
        customerId: first.id,
        referenceId: `P${randomUUID()}`,
        transactionResultId: randomUUID(),
        status: 'APPROVED',
        amount: 5_000,
        orderAmount: 5_000,
        surchargeAmount: 0,
        fundingSource: 'CASH',
        source: 'TERMINAL',
        created: instant('1985-04-10', 600),
      })
      .returning();
    expect(await clinicsOf()).toEqual([{ clinic: String(first.clinicNum), count: 1 }]);
    expect(await listed(first.clinicNum)).toBe(1);

    // Moved to another patient: it is that patient's clinic's.
    await db.update(transactions).set({ customerId: second.id }).where(eq(transactions.id, payment!.id));
    expect(await clinicsOf()).toEqual([{ clinic: String(second.clinicNum), count: 1 }]);
    expect(await listed(first.clinicNum)).toBe(0);
    expect(await listed(second.clinicNum)).toBe(1);

    // That patient moves to another clinic: so do their payments.
    await db.update(customers).set({ clinicNum: third }).where(eq(customers.id, second.id));
    try {
      expect(await clinicsOf()).toEqual([{ clinic: String(third), count: 1 }]);
      expect(await report({ ...april, clinicNums: [second.clinicNum] })).toMatchObject({
        totals: { count: 0 },
      });
      expect(await listed(third)).toBe(1);
    } finally {
      await db.update(customers).set({ clinicNum: second.clinicNum }).where(eq(customers.id, second.id));
    }
    expect(await clinicsOf()).toEqual([{ clinic: String(second.clinicNum), count: 1 }]);
  });

  it('refuses a caller without VIEWDASHBOARD with 403', async () => {
    const refused = await server.call('POST', PATH, { token: await addonToken(server.url), body: period });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual(['This needs the VIEWDASHBOARD role.']);
  });

  it('refuses a bad range or option naming the field, and answers nothing', async () => {
    const backwards = await server.call('POST', PATH, {
      token: admin,
      body: { ...period, to: '1985-02-01' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual(['body.to: The end date must not be before the start date.']);
    const tooLong = await server.call('POST', PATH, { token: admin, body: { ...period, to: '1995-03-01' } });
    expect(tooLong.body.errors).toEqual(['body.to: A report covers at most five years.']);
    const badSplit = await server.call('POST', PATH, {
      token: admin,
      body: { ...period, splitBy: 'dentist' },
    });
    expect(badSplit.status).toBe(400);
    expect(badSplit.body.errors[0]).toMatch(/^body\.splitBy: /);
  });

  it("exports CSV whose figures are the call's", async () => {
    const request = { from: '1990-01-01', to: '1990-12-31', groupBy: 'month', splitBy: 'method' } as const;
    const value = await report(request);
    const link = await server.call<{ url: string }>('POST', '/api/reports/export', {
      token: admin,
      body: { report: 'collections', filters: request },
    });
    expect(link.status).toBe(200);
    const file = await fetch(link.body.value!.url);
    expect(file.headers.get('content-disposition')).toContain('collections-1990-01-01-to-1990-12-31.csv');
    const [header, ...lines] = parse((await file.text()).replace(/^\uFEFF/, '')) as string[][];
    expect(header).toEqual([
      'Period start',
      'Period end',
      'Payment method',
      'Payments',
      'Gross',
      'Refunds',
      'Voids',
      'Surcharges',
      'Net',
    ]);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    const expected = [
      ...value.buckets.flatMap((b) => [
        [b.start, b.end, 'All', b.totals] as const,
        ...b.bySplit.map((s) => [b.start, b.end, s.label, s] as const),
      ]),
      [request.from, request.to, 'All', value.totals] as const,
      ...value.bySplit.map((s) => [request.from, request.to, s.label, s] as const),
    ].map(([start, end, name, f]) => [start, end, name, String(f.count), ...money.map((m) => dollars(f[m]))]);
    expect(lines).toEqual(expected);
    expect(value.buckets).toHaveLength(12);
  });
});
