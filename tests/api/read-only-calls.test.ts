/**
 * The contract says which calls change records (`writes` in embed-sdk/contract/endpoint.ts): every
 * GET, and each POST marked `writes: 'nothing'` (a search with a body, a preview, a quote, an export
 * link), must leave the database as it found it. Each is called here with valid requests, as the
 * administrator (a platform administrator with every role in Bright Smiles Dental), and the
 * database's fingerprint (tests/support/fingerprint.ts: each table's rows, counted and digested) is
 * compared before and after (issue 30: a quote that "changes nothing" saved cards).
 *
 * Valid requests come from the contract's schemas, their id fields filled with Bright Smiles' real
 * records (tests/support/attacks.ts), and for the calls a generator cannot satisfy (a link's token,
 * a card entry's nonce, an export link) from the records themselves. Each call must be answered 200
 * at least once, so that the fingerprint is taken of calls that did their work.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { addDays } from '../../server/domain/calendarDates.js';
import { hasAvatar } from '../../server/patients/avatar.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardRequests,
  customerMembershipBillings,
  paymentRequests,
  savedCards,
} from '../../server/db/schema/index.js';
import { nameOf, ROUTES, sampleRequests, send } from '../support/attacks.js';
import { changedTables, fingerprint } from '../support/fingerprint.js';
import { BRIGHT_SMILES, CARDS, nonceFor } from '../support/payments.js';
import { recordsOf, type RecordIds } from '../support/practiceRecords.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let own: RecordIds;

beforeAll(async () => {
  // The widgets' first views rendered from source, as tests/api/first-view.test.ts does.
  server = await startTestServer({ CHAIRSIDE_FIRST_VIEWS: 'widgets/firstViews.ts' });
  admin = await server.tokenFor('admin');
  own = await recordsOf(server.ctx.db, 1);
  // The demo data has no card request of Bright Smiles: one is sent, so that its page can be read.
  const sent = await server.call('POST', '/api/customer/sendCardRequest', {
    token: admin,
    body: { customerId: own.customer[0], notifyText: true, cell: '5125550100', notifyEmail: false },
  });
  expect(sent.status).toBe(200);
}, 60_000);
afterAll(() => server?.close());

const readOnly = ROUTES.filter((r) => r.endpoint.writes === 'nothing');

/** Requests a generator cannot make valid: a link's token, a card entry's nonce, an export link. */
type Request = { query?: unknown; body?: unknown };
async function knownGood(): Promise<Record<string, Request[]>> {
  const db = server.ctx.db;
  const [open] = await db
    .select({ token: paymentRequests.linkToken })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.companyId, 1),
        isNull(paymentRequests.paid),
        isNull(paymentRequests.cancelled),
        isNotNull(paymentRequests.linkToken),
      ),
    )
    .limit(1);
  const [cardRequest] = await db
    .select({ token: cardRequests.linkToken })
    .from(cardRequests)
    .where(eq(cardRequests.companyId, 1))
    .limit(1);
  const [awaiting] = await db
    .select({ token: customerMembershipBillings.enrollmentToken })
    .from(customerMembershipBillings)
    .where(
      and(
        eq(customerMembershipBillings.companyId, 1),
        eq(customerMembershipBillings.status, 'AWAITINGPATIENT'),
        isNotNull(customerMembershipBillings.enrollmentToken),
      ),
    )
    .limit(1);
  const [card] = await db
    .select({ id: savedCards.id, customerId: savedCards.customerId })
    .from(savedCards)
    .where(and(eq(savedCards.companyId, 1), eq(savedCards.isActive, true)))
    .limit(1);
  const exported = await server.call<{ url: string }>('POST', '/api/transaction/export', {
    token: admin,
    body: { pageSize: 10 },
  });
  const exportToken = new URL(exported.body.value!.url).searchParams.get('token')!;
  // A report's export: its link, and the file it names.
  const reportFilters = { from: '2026-11-01', to: '2026-11-30', groupBy: 'week', splitBy: 'source' };
  const reportExport = await server.call<{ url: string }>('POST', '/api/reports/export', {
    token: admin,
    body: { report: 'collections', filters: reportFilters },
  });
  const reportToken = new URL(reportExport.body.value!.url).searchParams.get('token')!;
  const nonce = () => nonceFor(server, CARDS.visa, BRIGHT_SMILES.businessId);
  return {
    'GET /api/public/paymentRequest': [{ query: { token: open!.token } }],
    'POST /api/public/paymentRequest/quote': [{ body: { token: open!.token, nonce: await nonce() } }],
    'GET /api/public/cardRequest': [{ query: { token: cardRequest!.token } }],
    'GET /api/public/membershipEnrollment': [{ query: { token: awaiting!.token } }],
    'POST /api/public/membershipEnrollment/quote': [
      { body: { token: awaiting!.token, nonce: await nonce() } },
    ],
    'POST /api/transaction/virtualTerminal/quote': [
      { body: { customerId: card!.customerId, amount: 1_000, nonce: await nonce() } },
      { body: { amount: 1_000, customerSavedCardId: card!.id } },
    ],
    // A sampled plan names a card of another patient (404): this one is the card's own patient's.
    'POST /api/paymentPlan/preview': [
      {
        body: {
          customerId: card!.customerId,
          total: 120_000,
          downPayment: 20_000,
          cycleCount: 10,
          firstBillingDate: addDays(server.ctx.clock.today(), 20),
          customerSavedCardId: card!.id,
        },
      },
    ],
    // About a third of the patients have a picture (server/patients/avatar.ts): four sampled keys
    // may all have none.
    'GET /api/patient/getAvatar': [{ query: { id: own.patientKey.find((k) => hasAvatar(Number(k))) } }],
    'POST /api/surcharge': [{ body: { customerSavedCardId: card!.id, amount: 1_000 } }],
    'GET /api/transaction/export.csv': [{ query: { token: exportToken } }],
    'POST /api/reports/export': [{ body: { report: 'collections', filters: reportFilters } }],
    'GET /api/reports/export.csv': [{ query: { token: reportToken } }],
    'POST /api/widget/firstView': [{ query: { tag: 'chairside-patient-search', term: 'okafor' }, body: {} }],
    // A person is named by their own id, which the sampled ids seldom are: the front desk's.
    'GET /api/admin/user': [{ query: { id: 2 } }],
    // An administrator's call names a practice of any; sampled numbers are seldom one.
    'GET /api/admin/approvals/unrecorded': [{ query: { companyId: 1 } }],
  };
}

describe('every call the contract marks as changing nothing', () => {
  it('leaves the fingerprint of the database as it was, and answers 200 to valid requests', async () => {
    const good = await knownGood();
    const problems: string[] = [];
    let calls = 0;
    for (const route of readOnly) {
      const name = nameOf(route.endpoint);
      const requests: Request[] = good[name] ?? sampleRequests(route.endpoint, own, 4, 41);
      const before = await fingerprint(server.ctx.db);
      const statuses: number[] = [];
      for (const request of requests) {
        const answer = await send(server, route.endpoint, { ...request, token: admin });
        calls++;
        statuses.push(answer.status);
      }
      const changed = changedTables(before, await fingerprint(server.ctx.db));
      if (changed.length > 0) problems.push(`${name} changed ${changed.join(', ')}`);
      if (!statuses.includes(200))
        problems.push(`${name} answered no valid request with 200: ${statuses.join(', ')}`);
    }
    console.log(`read-only calls: ${readOnly.length} endpoints, ${calls} calls`);
    expect(readOnly.length).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  }, 120_000);
});
