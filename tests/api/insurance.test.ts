/**
 * Insurance reimbursements over HTTP (part 2, "Insurance reimbursements"; issue 33): the list, its
 * filters and pages; the carriers and a carrier's sent claims; who may list, open and create; Open
 * Dental practices only; every rule of a save refused with its message and nothing written; a save
 * idempotent under its key; one claim paid once, even by two saves at the same moment; a virtual card
 * recorded as an INSURANCE transaction; and a patient's payment of their share raising paid, live.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, InsurancePayment, InsurancePaymentSummary } from '../../embed-sdk/contract/insurance.js';
import type { Role } from '../../embed-sdk/contract/common.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { prefillPosting } from '../../embed-sdk/rules/reimbursement.js';
import {
  claimProcedures,
  claims,
  companies,
  insurancePayments,
  outbox as outboxTable,
  procedures,
  transactions,
  userCompanies,
  users,
} from '../../server/db/schema/index.js';
import { PRACTICES } from '../../server/db/seed/practices.js';
import { DECLINED_PREFIX, HOLD_LEASE_MS } from '../../server/reimbursements/create.js';
import { chargeSeam } from '../../server/transactions/requestCharges.js';
import { leftInFlightByDeadServer, stopAt } from '../support/interrupted.js';
import { CARDS, hubListener, idempotencyKey, nonceFor, payWithCard } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor('admin');
});
afterAll(() => server?.close());

const db = () => server.ctx.db;

/** A token of the front desk user holding exactly these roles at Bright Smiles. */
async function tokenWithRoles(roles: Role[]) {
  const [user] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'frontdesk@chairside.test'));
  await db()
    .update(userCompanies)
    .set({ roles })
    .where(and(eq(userCompanies.userId, user!.id), eq(userCompanies.companyId, PRACTICES.brightSmiles)));
  // Written past the admin area, which tells the server: it reads the person again.
  server.ctx.accounts.forget(user!.id);
  return (await server.signIn('frontdesk@chairside.test')).access_token;
}

const list = (token: string, body: Record<string, unknown> = {}) =>
  server.call<{ payments: InsurancePaymentSummary[]; totalCount: number }>('POST', '/api/insurance/list', {
    token,
    body,
  });
const open = (token: string, id: number) =>
  server.call<InsurancePayment>('GET', `/api/insurance/getInsurancePayment?id=${id}`, { token });
const sentClaims = (token: string, carrierName: string) =>
  server.call<{ claims: Claim[] }>(
    'GET',
    `/api/insurance/claims?carrierName=${encodeURIComponent(carrierName)}`,
    {
      token,
    },
  );
const create = (token: string, body: unknown, key = idempotencyKey()) =>
  server.call<InsurancePayment>('POST', '/api/insurance/createInsurancePayment', {
    token,
    body,
    headers: key,
  });

/** The claims' procedures at their prefilled amounts, and what the carrier pays for them. */
function postingOf(chosen: Claim[]) {
  const posted = chosen.map((c) => ({
    claimId: c.claimId,
    procedures: c.procedures.map((p) => ({ claimProcedureId: p.claimProcedureId, ...prefillPosting(p) })),
  }));
  const amount = posted.flatMap((c) => c.procedures).reduce((n, p) => n + p.amountToPay, 0);
  const shares = new Map<number, number>();
  chosen.forEach((c, i) =>
    shares.set(
      c.customerId,
      (shares.get(c.customerId) ?? 0) + posted[i]!.procedures.reduce((n, p) => n + p.amountToCollect, 0),
    ),
  );
  return { posted, amount, shares };
}

/** A share's payment request to the patient's own e-mail (or mobile). */
const requestTo = (c: Claim) => ({
  customerId: c.customerId,
  notifyEmail: c.email !== '',
  email: c.email,
  notifyText: c.email === '',
  cell: c.cell,
  message: '',
});

/** A save by check of these claims at their prefilled amounts, asking every patient with a share. */
function checkSave(carrierName: string, chosen: Claim[], checkNumber = '884213') {
  const { posted, amount, shares } = postingOf(chosen);
  const requested = chosen.filter(
    (c, i) =>
      (shares.get(c.customerId) ?? 0) > 0 && chosen.findIndex((d) => d.customerId === c.customerId) === i,
  );
  return {
    date: '2026-11-20',
    carrierName,
    payment: { fundingSource: 'CHECK' as const, checkNumber, amount },
    claims: posted,
    requests: requested.map(requestTo),
  };
}

/** What a refused save must leave as it was. */
async function written() {
  const [payments] = await db().select({ n: count() }).from(insurancePayments);
  const [messages] = await db().select({ n: count() }).from(outboxTable);
  const sent = await db()
    .select({ id: claims.id, key: claims.payingKey })
    .from(claims)
    .where(eq(claims.status, 'SENT'));
  return { payments: payments!.n, messages: messages!.n, sent };
}

/** The carriers whose sent claims the tests take, each a different one so tests do not share claims. */
async function carriersWithClaims() {
  const rows = await db()
    .select({ carrierName: claims.carrierName, n: count() })
    .from(claims)
    .where(and(eq(claims.status, 'SENT'), eq(claims.companyId, PRACTICES.brightSmiles)))
    .groupBy(claims.carrierName);
  return rows
    .sort((a, b) => b.n - a.n || a.carrierName.localeCompare(b.carrierName))
    .map((r) => r.carrierName);
}

describe('the list', () => {
  it('answers newest first in pages of 10 with the count over all pages, filtered by carrier and dates', async () => {
    const all = await db()
      .select()
      .from(insurancePayments)
      .where(eq(insurancePayments.companyId, PRACTICES.brightSmiles));
    expect(all.length).toBeGreaterThan(10);
    const newestFirst = [...all].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);

    const first = await list(admin);
    expect(first.status).toBe(200);
    expect(first.body.value!.totalCount).toBe(all.length);
    expect(first.body.value!.payments.map((p) => p.id)).toEqual(newestFirst.slice(0, 10).map((p) => p.id));
    const second = await list(admin, { page: 2 });
    expect(second.body.value!.payments.map((p) => p.id)).toEqual(newestFirst.slice(10, 20).map((p) => p.id));

    const carrier = newestFirst[0]!.carrierName;
    const ofCarrier = await list(admin, { carrierName: carrier, pageSize: 100 });
    expect(ofCarrier.body.value!.payments.map((p) => p.id)).toEqual(
      newestFirst.filter((p) => p.carrierName === carrier).map((p) => p.id),
    );
    const day = newestFirst[5]!.date;
    const onDay = await list(admin, { startDate: day, endDate: day, pageSize: 100 });
    expect(onDay.body.value!.payments.map((p) => p.id)).toEqual(
      newestFirst.filter((p) => p.date === day).map((p) => p.id),
    );
    const backwards = await list(admin, { startDate: '2026-11-20', endDate: '2026-11-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.join(' ')).toContain('The end date must not be before the start date.');
  });

  it('shows each seeded reimbursement with its method, totals and INSURANCE transaction', async () => {
    const { body } = await list(admin, { pageSize: 100 });
    for (const p of body.value!.payments) {
      expect(p.transactionId).not.toBeNull();
      if (p.fundingSource === 'CHECK') expect(p.referenceId).toMatch(/^\d{6}$/);
      else expect(p.cardDescription).toMatch(/^•••• \d{4}$/);
      expect(p.reimbursed).toBeGreaterThan(0);
      expect(p.patientCount).toBeGreaterThan(0);
    }
    const one = body.value!.payments[0]!;
    const details = await open(admin, one.id);
    expect(details.status).toBe(200);
    expect(details.body.value!.details.reduce((n, d) => n + d.reimbursed, 0)).toBe(one.reimbursed);
    expect(details.body.value!.json.procedures.length).toBeGreaterThan(0);
  });

  it('names the carriers of claims and reimbursements', async () => {
    const { status, body } = await server.call<{ carriers: string[] }>('GET', '/api/insurance/carriers', {
      token: admin,
    });
    expect(status).toBe(200);
    expect(body.value!.carriers).toEqual(
      expect.arrayContaining(['Aetna Dental', 'Cigna Dental', 'Delta Dental', 'Guardian', 'MetLife']),
    );
  });
});

describe('a carrier’s sent claims', () => {
  it('lists only SENT claims of that carrier, with their customer and procedures', async () => {
    const [carrier] = await carriersWithClaims();
    const { status, body } = await sentClaims(admin, carrier!);
    expect(status).toBe(200);
    expect(body.value!.claims.length).toBeGreaterThan(0);
    for (const c of body.value!.claims) {
      expect(c).toMatchObject({ carrierName: carrier, status: 'SENT' });
      expect(c.procedures.length).toBeGreaterThan(0);
      for (const p of c.procedures)
        expect(p.insuranceEstimate + p.writeOffEstimate).toBeLessThanOrEqual(p.fee);
    }
    const none = await sentClaims(admin, 'No Such Carrier');
    expect(none.body.value!.claims).toEqual([]);
  });
});

describe('who may', () => {
  it('lists and opens with either view role, opens with VIEWINSURANCEPAYMENTS alone, creates with PROCESS only', async () => {
    const [carrier] = await carriersWithClaims();
    const [some] = await db().select({ id: insurancePayments.id }).from(insurancePayments).limit(1);
    const id = some!.id;
    const cases: [string, Role[], Record<'list' | 'open' | 'claims' | 'create', number>][] = [
      ['viewer', ['VIEWINSURANCEREIMBURSEMENT'], { list: 200, open: 200, claims: 403, create: 403 }],
      ['processor', ['PROCESSINSURANCEREIMBURSEMENT'], { list: 200, open: 200, claims: 200, create: 400 }],
      [
        'transaction link only',
        ['VIEWINSURANCEPAYMENTS'],
        { list: 403, open: 200, claims: 403, create: 403 },
      ],
      ['none', ['VIEWDASHBOARD', 'VIEWPAYMENTREQUESTS'], { list: 403, open: 403, claims: 403, create: 403 }],
    ];
    for (const [who, roles, expected] of cases) {
      const token = await tokenWithRoles(roles);
      const answers = {
        list: (await list(token)).status,
        open: (await open(token, id)).status,
        claims: (await sentClaims(token, carrier!)).status,
        // An empty save: a role that may create gets as far as the contract's 400.
        create: (await create(token, {})).status,
      };
      expect(answers, who).toEqual(expected);
    }
  });

  it('answers 404 at a practice that is not Open Dental, and for another practice’s reimbursement', async () => {
    const [some] = await db().select({ id: insurancePayments.id }).from(insurancePayments).limit(1);
    const viewer = await server.tokenWithTerms('viewer'); // VIEWINSURANCEREIMBURSEMENT at Cedar (Dentrix)
    expect((await list(viewer)).status).toBe(404);
    expect((await server.call('GET', '/api/insurance/carriers', { token: viewer })).status).toBe(404);
    expect((await open(viewer, some!.id)).status).toBe(404);
    // Cedar as an Open Dental practice: Bright Smiles' reimbursement is still not theirs.
    await db()
      .update(companies)
      .set({ gatewayCode: 'OPENDENTAL' })
      .where(eq(companies.id, PRACTICES.cedarFamily));
    try {
      expect((await list(viewer)).body.value!.totalCount).toBe(0);
      expect((await open(viewer, some!.id)).status).toBe(404);
    } finally {
      await db()
        .update(companies)
        .set({ gatewayCode: 'DENTRIX' })
        .where(eq(companies.id, PRACTICES.cedarFamily));
    }
  });
});

describe('a save’s rules', () => {
  it('refuses each broken rule naming its field, and writes nothing', async () => {
    const [carrier, other] = await carriersWithClaims();
    const chosen = (await sentClaims(admin, carrier!)).body.value!.claims.slice(0, 2);
    const good = checkSave(carrier!, chosen);
    const before = await written();
    const procedure = chosen[0]!.procedures[0]!;
    const [otherClaim] = (await sentClaims(admin, other!)).body.value!.claims;

    const refusals: [string, unknown, number, string][] = [
      [
        'amounts that do not add up',
        { ...good, payment: { ...good.payment, amount: good.payment.amount + 100 } },
        400,
        'body.payment.amount: The reimbursed amounts add up to',
      ],
      [
        'a write-off and reimbursement above the fee',
        {
          ...good,
          claims: good.claims.map((c, i) =>
            i === 0
              ? {
                  ...c,
                  procedures: c.procedures.map((p, j) =>
                    j === 0 ? { ...p, amountToWriteOff: procedure.fee - p.amountToPay + 1 } : p,
                  ),
                }
              : c,
          ),
        },
        400,
        `body.claims.0.procedures.0.amountToWriteOff: The write-off and the reimbursement of ${procedure.procCode} on`,
      ],
      [
        'a negative amount',
        {
          ...good,
          claims: good.claims.map((c, i) =>
            i === 0 ? { ...c, procedures: c.procedures.map((p) => ({ ...p, amountToCollect: -1 })) } : c,
          ),
        },
        400,
        'must not be negative',
      ],
      [
        'another carrier’s claim',
        { ...good, claims: [...good.claims, postingOf([otherClaim!]).posted[0]] },
        400,
        `was sent to ${other}, not ${carrier}.`,
      ],
      [
        'a share without its payment request',
        { ...good, requests: [] },
        400,
        'to collect: choose how to send their payment request.',
      ],
      [
        'a claim of nobody’s practice',
        { ...good, claims: [{ ...good.claims[0]!, claimId: 2_000_000_000 }] },
        404,
        'The claim was not found.',
      ],
    ];
    for (const [what, body, status, message] of refusals) {
      const answer = await create(admin, body);
      expect(answer.status, what).toBe(status);
      expect(answer.body.errors.join(' '), what).toContain(message);
    }
    expect(await written()).toEqual(before);
  });
});

describe('a check reimbursement', () => {
  let carrier: string;
  let chosen: Claim[];
  let saved: InsurancePayment;

  it('posts the claims to the practice system, requests the shares, and answers the same under its key', async () => {
    const carriers = await carriersWithClaims();
    // Two patients' claims of one carrier.
    for (const name of carriers) {
      const found = (await sentClaims(admin, name)).body.value!.claims;
      const twoPatients = found.filter((c, i) => found.findIndex((d) => d.customerId === c.customerId) === i);
      const withShare = twoPatients.filter((c) =>
        c.procedures.some((p) => prefillPosting(p).amountToCollect > 0),
      );
      if (twoPatients.length >= 2 && withShare.length >= 1) {
        carrier = name;
        chosen = [withShare[0]!, twoPatients.find((c) => c.customerId !== withShare[0]!.customerId)!];
        break;
      }
    }
    expect(chosen).toHaveLength(2);
    const body = checkSave(carrier, chosen);
    const key = idempotencyKey();
    const answer = await create(admin, body, key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    saved = answer.body.value!;
    expect(saved).toMatchObject({
      carrierName: carrier,
      fundingSource: 'CHECK',
      referenceId: '884213',
      transactionId: null,
      reimbursed: body.payment.amount,
      patientCount: 2,
      paid: 0,
    });
    expect(saved.status).toBe(saved.requestedPayment > 0 ? 'AWAITING_PAYMENT' : 'POSTED');
    expect(saved.details.filter((d) => d.notificationId !== null)).toHaveLength(body.requests.length);

    const claimRows = await db()
      .select()
      .from(claims)
      .where(
        inArray(
          claims.id,
          chosen.map((c) => c.claimId),
        ),
      );
    expect(claimRows.map((c) => [c.status, c.insurancePaymentId])).toEqual(
      claimRows.map(() => ['RECEIVED', saved.id]),
    );
    const procedureRows = await db()
      .select({ cp: claimProcedures, p: procedures })
      .from(claimProcedures)
      .innerJoin(procedures, eq(procedures.id, claimProcedures.procedureId))
      .where(
        inArray(
          claimProcedures.claimId,
          chosen.map((c) => c.claimId),
        ),
      );
    for (const { cp, p } of procedureRows) {
      expect(cp.status).toBe('RECEIVED');
      expect(cp.insurancePaid).toBe(cp.insuranceEstimate);
      expect([p.paidFromInsurance, p.waitingFromInsurance, p.writeOff]).toEqual([
        cp.insurancePaid,
        0,
        cp.writtenOff,
      ]);
    }
    // The claims are no longer offered.
    const after = (await sentClaims(admin, carrier)).body.value!.claims.map((c) => c.claimId);
    expect(after).not.toContain(chosen[0]!.claimId);

    const before = await written();
    const again = await create(admin, body, key);
    expect(again.status).toBe(200);
    expect(again.body.value!.id).toBe(saved.id);
    expect(await written()).toEqual(before);
  });

  it('refuses a second save of a paid claim, naming it', async () => {
    const answer = await create(admin, checkSave(carrier, [chosen[0]!]));
    expect(answer.status).toBe(409);
    expect(answer.body.errors.join(' ')).toContain(`Claim`);
    expect(answer.body.errors.join(' ')).toContain('is paid already');
  });

  it('raises paid and Request Paid when the patient pays their share, announcing it live', async () => {
    const share = saved.details.find((d) => d.notificationId !== null)!;
    expect(share).toBeDefined();
    const messages = await server.call<{ messages: { link: string | null; customerId?: number }[] }>(
      'GET',
      '/sandbox/outbox.json?limit=1000',
      { token: admin },
    );
    const request = await server.call<{ link: string }>(
      'GET',
      `/api/notification/getnotification?id=${share.notificationId}`,
      { token: admin },
    );
    expect(request.status).toBe(200);
    expect(messages.body.value!.messages.some((m) => m.link === request.body.value!.link)).toBe(true);
    const hub = await hubListener(server, admin, ['InsurancePaymentChanged']);
    try {
      const paid = await payWithCard(server, request.body.value!.link.split('/p/')[1]!, CARDS.visa);
      expect(paid.status).toBe(200);
      expect(paid.body.value!.isApproved).toBe(true);
      await hub.waitFor(
        'InsurancePaymentChanged',
        (e: { insurancePaymentId: number; paid: number }) =>
          e.insurancePaymentId === saved.id && e.paid === share.requestedPayment,
      );
    } finally {
      await hub.stop();
    }
    const now = (await open(admin, saved.id)).body.value!;
    expect(now.details.find((d) => d.notificationId === share.notificationId)!.paid).toBe(
      share.requestedPayment,
    );
    expect(now.paid).toBe(share.requestedPayment);
    const row = (await list(admin, { carrierName: carrier, pageSize: 100 })).body.value!.payments.find(
      (p) => p.id === saved.id,
    )!;
    expect(row.paid).toBe(share.requestedPayment);
  });
});

describe('one claim, two saves at the same moment', () => {
  it('posts it once; the other is refused naming the claim, and nothing else is written', async () => {
    const carriers = await carriersWithClaims();
    let carrier = '';
    let claim: Claim | undefined;
    for (const name of carriers) {
      claim = (await sentClaims(admin, name)).body.value!.claims[0];
      if (claim) {
        carrier = name;
        break;
      }
    }
    const save = { ...checkSave(carrier, [claim!]) };
    const [payments] = await db().select({ n: count() }).from(insurancePayments);
    const answers = await Promise.all([create(admin, save), create(admin, save)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.errors.join(' ')).toContain(`Claim ${claim!.claimNumber}`);
    const [after] = await db().select({ n: count() }).from(insurancePayments);
    expect(after!.n).toBe(payments!.n + 1);
  });
});

describe('a hold left by a save that never came back', () => {
  it('keeps its claims while recent, and lets another save post them once it is stale and no charge began', async () => {
    let carrier = '';
    let claim: Claim | undefined;
    for (const name of await carriersWithClaims()) {
      claim = (await sentClaims(admin, name)).body.value!.claims[0];
      if (claim) {
        carrier = name;
        break;
      }
    }
    const holdBy = (heldAt: Date) =>
      db()
        .update(claims)
        .set({ payingKey: 'a-save-whose-server-stopped', heldAt })
        .where(eq(claims.id, claim!.claimId));

    await holdBy(new Date(Date.now() - 60_000));
    const refused = await create(admin, checkSave(carrier, [claim!]));
    expect(refused.status).toBe(409);
    expect(refused.body.errors.join(' ')).toBe(
      `Claim ${claim!.claimNumber} is being posted in another reimbursement.`,
    );

    await holdBy(new Date(Date.now() - HOLD_LEASE_MS - 60_000));
    const posted = await create(admin, checkSave(carrier, [claim!]));
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const [row] = await db().select().from(claims).where(eq(claims.id, claim!.claimId));
    expect([row!.status, row!.insurancePaymentId]).toEqual(['RECEIVED', posted.body.value!.id]);
  });
});

describe('a virtual card reimbursement', () => {
  async function oneClaim() {
    for (const name of await carriersWithClaims()) {
      const found = (await sentClaims(admin, name)).body.value!.claims;
      if (found[0]) return { carrier: name, claim: found[0] };
    }
    throw new Error('no sent claim is left');
  }

  it('charges the card as an INSURANCE transaction that belongs to the reimbursement', async () => {
    const { carrier, claim } = await oneClaim();
    const check = checkSave(carrier, [claim]);
    const nonce = await nonceFor(server, CARDS.visa);
    const answer = await create(admin, {
      ...check,
      payment: { fundingSource: 'CARD', nonce, amount: check.payment.amount },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const saved = answer.body.value!;
    expect(saved.fundingSource).toBe('CARD');
    expect(saved.cardType).toBe('VISA');
    expect(saved.transactionId).not.toBeNull();
    const [t] = await db().select().from(transactions).where(eq(transactions.id, saved.transactionId!));
    expect(t).toMatchObject({
      source: 'INSURANCE',
      status: 'APPROVED',
      amount: check.payment.amount,
      surchargeAmount: 0,
      insurancePaymentId: saved.id,
      referenceId: saved.referenceId,
    });
    const shown = await server.call<Transaction>('GET', `/api/transaction/transaction?id=${t!.id}`, {
      token: admin,
    });
    expect(shown.status).toBe(200);
    expect(shown.body.value!.insurancePaymentId).toBe(saved.id);
  });

  it.each(['afterCharge', 'afterRecord'] as const)(
    'finishes a save whose server stopped %s, under the same key, charging once',
    async (seam) => {
      const { carrier, claim } = await oneClaim();
      const check = checkSave(carrier, [claim]);
      const nonce = await nonceFor(server, CARDS.visa);
      const body = { ...check, payment: { fundingSource: 'CARD', nonce, amount: check.payment.amount } };
      const key = idempotencyKey();
      const stop = stopAt(chargeSeam, seam);
      const stopped = create(admin, body, key);
      await stop.hit;
      await leftInFlightByDeadServer(server, key);

      const retry = await create(admin, body, key);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      const saved = retry.body.value!;
      const recorded = await db()
        .select()
        .from(transactions)
        .where(and(eq(transactions.source, 'INSURANCE'), eq(transactions.insurancePaymentId, saved.id)));
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.id).toBe(saved.transactionId);
      const [row] = await db().select().from(claims).where(eq(claims.id, claim.claimId));
      expect([row!.status, row!.insurancePaymentId]).toEqual(['RECEIVED', saved.id]);
      // The first run, let go, posts nothing more: the claims are received already.
      stop.release();
      await stopped;
      const [payments] = await db()
        .select({ n: count() })
        .from(insurancePayments)
        .where(eq(insurancePayments.requestKey, key['idempotency-key']!));
      expect(payments!.n).toBe(1);
      const [charges] = await db()
        .select({ n: count() })
        .from(transactions)
        .where(eq(transactions.referenceId, saved.referenceId!));
      expect(charges!.n).toBe(1);
    },
  );

  it('writes nothing but the declined attempt when the card is declined, and says why', async () => {
    const { carrier, claim } = await oneClaim();
    const check = checkSave(carrier, [claim]);
    const before = await written();
    const nonce = await nonceFor(server, CARDS.declined);
    const answer = await create(admin, {
      ...check,
      payment: { fundingSource: 'CARD', nonce, amount: check.payment.amount },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.isSuccess).toBe(false);
    expect(answer.body.errors[0]).toBe(`${DECLINED_PREFIX}Card declined.`);
    expect(await written()).toEqual(before);
  });
});
