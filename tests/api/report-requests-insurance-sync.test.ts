/**
 * The Payment requests, Insurance reimbursements and Practice-system sync reports against a real
 * server: records the test writes in a month the seed never reaches (March 2019), each report's
 * figures worked out here by hand, the clinic filter, the lists the figures link to counting the
 * same, another practice's records never counted, the dashboard role, and the CSV export's figures
 * equal to the call's.
 */
import { parse } from 'csv-parse/sync';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsuranceReport } from '../../embed-sdk/contract/reportInsurance.js';
import { reportInsurance } from '../../embed-sdk/contract/reportInsurance.js';
import type { PaymentRequestsReport } from '../../embed-sdk/contract/reportPaymentRequests.js';
import { reportPaymentRequests } from '../../embed-sdk/contract/reportPaymentRequests.js';
import type { SyncReport } from '../../embed-sdk/contract/reportSync.js';
import { reportSync } from '../../embed-sdk/contract/reportSync.js';
import type { Endpoint } from '../../embed-sdk/contract/endpoint.js';
import {
  customers,
  insurancePaymentDetails,
  insurancePayments,
  paymentRequests,
  practicePostings,
  transactions,
} from '../../server/db/schema/index.js';
import { PRACTICES } from '../../server/db/seed/practices.js';
import { responseSchema } from '../../server/http/route.js';
import { addonToken } from '../support/practiceAddon.js';
import { startTestServer, type TestServer } from '../support/server.js';

const { brightSmiles, cedarFamily } = PRACTICES;
const MARCH = { from: '2019-03-01', to: '2019-03-31' };

let server: TestServer;
let admin: string;

/** Local time, as the server's calendar (the test runs in the server's process and zone). */
const local = (day: number, hour: number, minute = 0, month = 2) => new Date(2019, month, day, hour, minute);

type Person = { customerId: number; patientId: number };
/** A patient of Bright Smiles in each of its clinics 1 and 2, and one of Cedar. */
const people = {} as { clinic1: Person; clinic2: Person; cedar: Person };

async function personOf(companyId: number, clinicNum?: number): Promise<Person> {
  const [row] = await server.ctx.db
    .select({ customerId: customers.id, patientId: customers.patientId })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        isNotNull(customers.patientId),
        clinicNum === undefined ? undefined : eq(customers.clinicNum, clinicNum),
      ),
    )
    .limit(1);
  return { customerId: row!.customerId, patientId: row!.patientId! };
}

let reference = 0;
async function payment(
  companyId: number,
  fields: Partial<typeof transactions.$inferInsert> & { created: Date; amount: number },
) {
  reference += 1;
  const [row] = await server.ctx.db
    .insert(transactions)
    .values({
      companyId,
      referenceId: `RPT${String(reference).padStart(3, '0')}-report-test`,
      transactionResultId: `report-test-${reference}`,
      status: 'APPROVED',
      orderAmount: fields.amount,
      fundingSource: 'CARD',
      cardType: 'VISA',
      source: 'VIRTUALTERMINAL',
      firstName: 'Report',
      lastName: `Test ${reference}`,
      ...fields,
    })
    .returning({ id: transactions.id, referenceId: transactions.referenceId });
  return row!;
}

async function failedPosting(companyId: number, transactionId: number, error: string, at: Date) {
  await server.ctx.db.insert(practicePostings).values({
    companyId,
    transactionId,
    kind: 'PAYMENT',
    state: 'FAILED',
    dueAt: at,
    error,
    created: at,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor('admin');
  people.clinic1 = await personOf(brightSmiles, 1);
  people.clinic2 = await personOf(brightSmiles, 2);
  people.cedar = await personOf(cedarFamily);
  const db = server.ctx.db;

  // Payment requests: 2 by text, 1 by e-mail, 1 by both in March; one sent a minute into April; one of Cedar.
  await db.insert(paymentRequests).values([
    // Text, opened, paid two hours after sending: 50.00 and a 1.50 surcharge.
    {
      companyId: brightSmiles,
      customerId: people.clinic1.customerId,
      amount: 5000,
      toPhone: '5551230001',
      created: local(2, 10),
      paymentPage: local(2, 11),
      paid: local(2, 12),
      orderAmount: 5000,
      surchargeAmount: 150,
    },
    // E-mail, opened, not paid.
    {
      companyId: brightSmiles,
      customerId: people.clinic1.customerId,
      amount: 1200,
      eMail: 'a@example.com',
      created: local(5, 9),
      paymentPage: local(6, 9),
    },
    // Both, paid ten hours after sending (20.00), in clinic 2.
    {
      companyId: brightSmiles,
      customerId: people.clinic2.customerId,
      amount: 2000,
      toPhone: '5551230002',
      eMail: 'b@example.com',
      created: local(10, 8),
      paymentPage: local(10, 9),
      paid: local(10, 18),
      orderAmount: 2000,
    },
    // Text, the last minutes of the period, never opened, later cancelled: sent all the same.
    {
      companyId: brightSmiles,
      customerId: people.clinic1.customerId,
      amount: 900,
      toPhone: '5551230003',
      created: local(31, 23, 50),
      cancelled: local(1, 9, 0, 3),
    },
    // The first minutes of April: outside the period.
    {
      companyId: brightSmiles,
      customerId: people.clinic1.customerId,
      amount: 700,
      toPhone: '5551230004',
      created: local(1, 0, 10, 3),
    },
    // Cedar's: never in Bright Smiles' figures.
    {
      companyId: cedarFamily,
      customerId: people.cedar.customerId,
      amount: 800,
      toPhone: '5551230005',
      created: local(3, 10),
      paid: local(3, 11),
      orderAmount: 800,
    },
  ]);

  // Reimbursements: two carriers in March (one with patients in clinics 1 and 2), one in April, one of Cedar.
  const reimbursements = await db
    .insert(insurancePayments)
    .values([
      {
        companyId: brightSmiles,
        date: '2019-03-04',
        fundingSource: 'CHECK',
        carrierName: 'Zeta Mutual',
        reimbursed: 10_000,
        writtenOff: 2_000,
        requestedPayment: 3_000,
        paid: 1_000,
        patientCount: 2,
      },
      {
        companyId: brightSmiles,
        date: '2019-03-31',
        fundingSource: 'CHECK',
        carrierName: 'Alpha Dental',
        reimbursed: 4_000,
        writtenOff: 500,
        requestedPayment: 600,
        paid: 600,
        patientCount: 1,
      },
      {
        companyId: brightSmiles,
        date: '2019-04-01',
        fundingSource: 'CHECK',
        carrierName: 'Alpha Dental',
        reimbursed: 9_999,
        patientCount: 0,
      },
      {
        companyId: cedarFamily,
        date: '2019-03-04',
        fundingSource: 'CHECK',
        carrierName: 'Zeta Mutual',
        reimbursed: 7_777,
        patientCount: 0,
      },
    ])
    .returning({ id: insurancePayments.id });
  await db.insert(insurancePaymentDetails).values([
    {
      insurancePaymentId: reimbursements[0]!.id,
      patientId: people.clinic1.patientId,
      reimbursed: 6_000,
      writtenOff: 1_500,
      requestedPayment: 2_000,
      paid: 1_000,
    },
    {
      insurancePaymentId: reimbursements[0]!.id,
      patientId: people.clinic2.patientId,
      reimbursed: 4_000,
      writtenOff: 500,
      requestedPayment: 1_000,
      paid: 0,
    },
    {
      insurancePaymentId: reimbursements[1]!.id,
      patientId: people.clinic2.patientId,
      reimbursed: 4_000,
      writtenOff: 500,
      requestedPayment: 600,
      paid: 600,
    },
  ]);

  // Payments: one waiting (clinic 1), two failed (clinic 2), and what the report leaves out.
  await payment(brightSmiles, {
    created: local(3, 10),
    amount: 1_000,
    customerId: people.clinic1.customerId,
  });
  const failed = await payment(brightSmiles, {
    created: local(3, 15),
    amount: 2_500,
    customerId: people.clinic2.customerId,
    practiceManagementStatus: 1,
  });
  await failedPosting(brightSmiles, failed.id, 'The patient is locked in Open Dental.', local(3, 16));
  const failedTwice = await payment(brightSmiles, {
    created: local(15, 9),
    amount: 700,
    customerId: people.clinic2.customerId,
    practiceManagementStatus: 1,
  });
  await failedPosting(brightSmiles, failedTwice.id, 'Open Dental did not answer.', local(15, 10));
  await failedPosting(brightSmiles, failedTwice.id, 'The procedure was deleted.', local(15, 11));
  // Posted, declined, unassociated, removed, in April, and Cedar's failure: none counted.
  await payment(brightSmiles, {
    created: local(4, 10),
    amount: 300,
    customerId: people.clinic1.customerId,
    practiceManagementStatus: 2,
  });
  await payment(brightSmiles, {
    created: local(4, 11),
    amount: 400,
    customerId: people.clinic1.customerId,
    status: 'DECLINED',
  });
  await payment(brightSmiles, { created: local(4, 12), amount: 500, customerId: null });
  await payment(brightSmiles, {
    created: local(4, 13),
    amount: 600,
    customerId: null,
    practiceManagementStatus: 1,
    orphanRemoved: local(5, 9),
  });
  await payment(brightSmiles, {
    created: local(1, 0, 5, 3),
    amount: 800,
    customerId: people.clinic1.customerId,
  });
  const cedarFailed = await payment(cedarFamily, {
    created: local(3, 10),
    amount: 900,
    customerId: people.cedar.customerId,
    practiceManagementStatus: 1,
  });
  await failedPosting(cedarFamily, cedarFailed.id, 'Cedar failure.', local(3, 11));
});
afterAll(() => server?.close());

async function report<T>(endpoint: Endpoint, body: unknown, token = admin): Promise<T> {
  const { status, body: envelope } = await server.call<T>('POST', endpoint.path, { token, body });
  expect(status, JSON.stringify(envelope)).toBe(200);
  expect(responseSchema(endpoint).safeParse(envelope).success).toBe(true);
  return envelope.value!;
}

/** The export's CSV for the same request, parsed (its byte-order mark left out). */
async function exported(name: string, filters: unknown): Promise<string[][]> {
  const link = await server.call<{ url: string }>('POST', '/api/reports/export', {
    token: admin,
    body: { report: name, filters },
  });
  expect(link.status).toBe(200);
  const res = await fetch(link.body.value!.url);
  expect(res.status).toBe(200);
  return parse((await res.text()).replace(/^\uFEFF/, ''), { relaxColumnCount: true }) as string[][];
}

const HOUR = 3_600;

describe('the Payment requests report', () => {
  it('counts the requests sent in the period: viewed, paid, median time to pay and conversion, by channel', async () => {
    const value = await report<PaymentRequestsReport>(reportPaymentRequests, MARCH);
    expect(value.totals).toEqual({
      sent: 4,
      viewed: 3,
      paid: 2,
      paidAmount: 5_150 + 2_000,
      medianSecondsToPay: (2 * HOUR + 10 * HOUR) / 2,
      conversion: 0.5,
    });
    expect(value.byChannel).toEqual([
      {
        channel: 'TEXT',
        sent: 2,
        viewed: 1,
        paid: 1,
        paidAmount: 5_150,
        medianSecondsToPay: 2 * HOUR,
        conversion: 0.5,
      },
      {
        channel: 'EMAIL',
        sent: 1,
        viewed: 1,
        paid: 0,
        paidAmount: 0,
        medianSecondsToPay: null,
        conversion: 0,
      },
      {
        channel: 'BOTH',
        sent: 1,
        viewed: 1,
        paid: 1,
        paidAmount: 2_000,
        medianSecondsToPay: 10 * HOUR,
        conversion: 1,
      },
    ]);
  });

  it('counts what the Payment Requests page lists for the same days, sent and paid', async () => {
    const value = await report<PaymentRequestsReport>(reportPaymentRequests, MARCH);
    const list = (extra: object) =>
      server.call<{ totalCount: number }>('POST', '/api/notification/list', {
        token: admin,
        body: { startDate: MARCH.from, endDate: MARCH.to, ...extra },
      });
    expect((await list({})).body.value!.totalCount).toBe(value.totals.sent);
    expect((await list({ statuses: ['PAID'] })).body.value!.totalCount).toBe(value.totals.paid);
  });

  it("keeps to the clinics asked for (the patient's clinic); a clinic not the practice's matches nothing", async () => {
    const clinic2 = await report<PaymentRequestsReport>(reportPaymentRequests, { ...MARCH, clinicNums: [2] });
    expect(clinic2.totals).toMatchObject({ sent: 1, paid: 1, paidAmount: 2_000 });
    const foreign = await report<PaymentRequestsReport>(reportPaymentRequests, {
      ...MARCH,
      clinicNums: [999],
    });
    expect(foreign.totals).toMatchObject({ sent: 0, paid: 0, medianSecondsToPay: null, conversion: null });
  });

  it("answers another practice's caller with that practice's requests only", async () => {
    const cedar = await report<PaymentRequestsReport>(
      reportPaymentRequests,
      MARCH,
      await server.tokenWithTerms('viewer'),
    );
    expect(cedar.totals).toMatchObject({ sent: 1, paid: 1, paidAmount: 800 });
  });

  it("exports the call's figures", async () => {
    const value = await report<PaymentRequestsReport>(reportPaymentRequests, MARCH);
    const [header, ...rows] = await exported('paymentRequests', MARCH);
    expect(header).toEqual([
      'Channel',
      'Sent',
      'Viewed',
      'Paid',
      'Paid amount',
      'Median time to pay (hours)',
      'Conversion (%)',
    ]);
    expect(rows).toEqual([
      ['Text', '2', '1', '1', '51.50', '2', '50'],
      ['E-mail', '1', '1', '0', '0.00', '', '0'],
      ['Text and e-mail', '1', '1', '1', '20.00', '10', '100'],
      ['Total', String(value.totals.sent), '3', '2', '71.50', '6', '50'],
    ]);
  });
});

describe('the Insurance reimbursements report', () => {
  it('sums the reimbursements dated in the period, by carrier, most reimbursed first', async () => {
    const value = await report<InsuranceReport>(reportInsurance, MARCH);
    expect(value.totals).toEqual({
      count: 2,
      reimbursed: 14_000,
      writtenOff: 2_500,
      requestedPayment: 3_600,
      paid: 1_600,
    });
    expect(value.byCarrier).toEqual([
      {
        carrierName: 'Zeta Mutual',
        count: 1,
        reimbursed: 10_000,
        writtenOff: 2_000,
        requestedPayment: 3_000,
        paid: 1_000,
      },
      {
        carrierName: 'Alpha Dental',
        count: 1,
        reimbursed: 4_000,
        writtenOff: 500,
        requestedPayment: 600,
        paid: 600,
      },
    ]);
  });

  it('counts what the Reimbursements page lists for the same days and carrier', async () => {
    const value = await report<InsuranceReport>(reportInsurance, MARCH);
    const list = (carrierName?: string) =>
      server.call<{ totalCount: number }>('POST', '/api/insurance/list', {
        token: admin,
        body: { startDate: MARCH.from, endDate: MARCH.to, ...(carrierName ? { carrierName } : {}) },
      });
    expect((await list()).body.value!.totalCount).toBe(value.totals.count);
    expect((await list('Zeta Mutual')).body.value!.totalCount).toBe(value.byCarrier[0]!.count);
  });

  it("sums a clinic's patients' rows of each reimbursement", async () => {
    const clinic1 = await report<InsuranceReport>(reportInsurance, { ...MARCH, clinicNums: [1] });
    expect(clinic1.totals).toEqual({
      count: 1,
      reimbursed: 6_000,
      writtenOff: 1_500,
      requestedPayment: 2_000,
      paid: 1_000,
    });
    const clinic2 = await report<InsuranceReport>(reportInsurance, { ...MARCH, clinicNums: [2] });
    expect(clinic2.totals).toEqual({
      count: 2,
      reimbursed: 8_000,
      writtenOff: 1_000,
      requestedPayment: 1_600,
      paid: 600,
    });
  });

  it('answers 404 at a practice that is not on Open Dental, as the reimbursements calls do', async () => {
    const viewer = await server.tokenWithTerms('viewer');
    const answer = await server.call('POST', reportInsurance.path, { token: viewer, body: MARCH });
    expect(answer.status).toBe(404);
    const list = await server.call('POST', '/api/insurance/list', { token: viewer, body: {} });
    expect(list.status).toBe(404);
  });

  it("exports the call's figures", async () => {
    const [header, ...rows] = await exported('insurance', MARCH);
    expect(header).toEqual([
      'Carrier',
      'Reimbursements',
      'Reimbursed',
      'Written off',
      'Requested from patients',
      'Paid by patients',
    ]);
    expect(rows.at(-1)).toEqual(['Total', '2', '140.00', '25.00', '36.00', '16.00']);
  });
});

describe('the Practice-system sync report', () => {
  it("counts the period's approved payments of patients not posted, and the failed ones, by day", async () => {
    const value = await report<SyncReport>(reportSync, MARCH);
    expect(value.totals).toEqual({
      pendingCount: 1,
      pendingAmount: 1_000,
      failedCount: 2,
      failedAmount: 3_200,
    });
    expect(value.byDay).toEqual([
      { day: '2019-03-03', pendingCount: 1, pendingAmount: 1_000, failedCount: 1, failedAmount: 2_500 },
      { day: '2019-03-15', pendingCount: 0, pendingAmount: 0, failedCount: 1, failedAmount: 700 },
    ]);
  });

  it("gives each failure its latest posting's reason, and lists the payments oldest first", async () => {
    const value = await report<SyncReport>(reportSync, MARCH);
    expect(value.byReason).toEqual([
      { reason: 'The patient is locked in Open Dental.', count: 1, amount: 2_500 },
      { reason: 'The procedure was deleted.', count: 1, amount: 700 },
    ]);
    expect(value.records.map((r) => [r.transactionId, r.state, r.amount, r.reason])).toEqual([
      ['RPT001', 'PENDING', 1_000, null],
      ['RPT002', 'FAILED', 2_500, 'The patient is locked in Open Dental.'],
      ['RPT003', 'FAILED', 700, 'The procedure was deleted.'],
    ]);
  });

  it('lists each payment as the transactions list shows it, found by its transaction ID', async () => {
    const value = await report<SyncReport>(reportSync, MARCH);
    for (const record of value.records) {
      const found = await server.call<{ practiceManagementStatus: number; amount: number; rows: number }[]>(
        'POST',
        '/api/transaction/transactions',
        { token: admin, body: { transactionId: record.transactionId } },
      );
      expect(found.body.value).toHaveLength(1);
      expect(found.body.value![0]).toMatchObject({
        amount: record.amount,
        practiceManagementStatus: record.state === 'FAILED' ? 1 : 0,
      });
    }
  });

  it('keeps to the clinics asked for', async () => {
    const clinic1 = await report<SyncReport>(reportSync, { ...MARCH, clinicNums: [1] });
    expect(clinic1.totals).toEqual({
      pendingCount: 1,
      pendingAmount: 1_000,
      failedCount: 0,
      failedAmount: 0,
    });
  });

  it("answers another practice's caller with that practice's payments only", async () => {
    const cedar = await report<SyncReport>(reportSync, MARCH, await server.tokenWithTerms('viewer'));
    expect(cedar.totals).toEqual({ pendingCount: 0, pendingAmount: 0, failedCount: 1, failedAmount: 900 });
    expect(cedar.records.map((r) => r.reason)).toEqual(['Cedar failure.']);
  });

  it("exports the call's figures and its payments", async () => {
    const rows = await exported('sync', MARCH);
    expect(rows[0]).toEqual(['Day', 'Pending', 'Pending amount', 'Failed', 'Failed amount']);
    expect(rows[3]).toEqual(['Total', '1', '10.00', '2', '32.00']);
    expect(rows[5]).toEqual(['Transaction ID', 'Date', 'Patient', 'Amount', 'Sync', 'Reason']);
    expect(rows.slice(6).map((r) => [r[0], r[3], r[4], r[5]])).toEqual([
      ['RPT001', '10.00', 'Pending', ''],
      ['RPT002', '25.00', 'Failed', 'The patient is locked in Open Dental.'],
      ['RPT003', '7.00', 'Failed', 'The procedure was deleted.'],
    ]);
  });
});

describe('all three', () => {
  const endpoints = [reportPaymentRequests, reportInsurance, reportSync];

  it('refuse a caller without the dashboard role (403)', async () => {
    const token = await addonToken(server.url);
    for (const endpoint of endpoints) {
      const answer = await server.call('POST', endpoint.path, { token, body: MARCH });
      expect(answer.status, endpoint.path).toBe(403);
    }
  });

  it('refuse a period that ends before it starts, naming the field', async () => {
    for (const endpoint of endpoints) {
      const answer = await server.call('POST', endpoint.path, {
        token: admin,
        body: { from: '2019-03-31', to: '2019-03-01' },
      });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('to');
    }
  });
});
