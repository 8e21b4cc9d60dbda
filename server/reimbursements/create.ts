/**
 * A new reimbursement (part 2, "Insurance reimbursements"; issue 33): a carrier's payment posted to
 * the procedures of its claims, all or nothing.
 *
 * 1. The save is checked (rules/reimbursement.ts, and every claim and procedure is the practice's,
 *    the carrier's and SENT) and each share's payment request is prepared; nothing is written if any
 *    of it is refused.
 * 2. The claims are held for the save's Idempotency-Key by a conditional update of SENT rows: of two
 *    saves of one claim, at once or not, the second is refused (409) naming the claim.
 * 3. A virtual card is charged as a claimed request charge (transactions/requestCharges.ts) keyed by
 *    the Idempotency-Key, recorded as an INSURANCE transaction by the one transaction writer. A
 *    declined card lets the claims go and says why.
 * 4. One database transaction writes the payment and its details rows, posts the claim payment to
 *    the practice system's record (claims and procedures RECEIVED), links the card's transaction and
 *    writes each share's payment request with its texts and e-mails.
 *
 * A save whose server stopped after step 2 or 3 is finished by the same request sent again: the
 * claims are still held for its key, and its charge is answered from its claim or its transaction.
 */
import type * as contract from '../../embed-sdk/contract/insurance.js';
import {
  reimbursementProblems,
  sharesToCollect,
  type PostedProcedure,
} from '../../embed-sdk/rules/reimbursement.js';
import { asBusinessError } from '../cardProviderFailure.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { BadRequestError, BusinessError, ConflictError, NotFoundError } from '../errors.js';
import { prepareRequest } from '../payment-requests/requests.js';
import { customersByPatientKeys } from '../patients/store.js';
import {
  claimsByIds,
  holdClaims,
  postClaimPayment,
  proceduresOfClaims,
  releaseClaims,
  staleHolds,
  type ClaimProcedureRecord,
  type ClaimRecord,
} from '../practice-system/claimStore.js';
import { practiceOrNotFound } from '../practices/practices.js';
import { cardEntry, redeemCardEntry } from '../saved-cards/cardEntries.js';
import { payerColumns } from '../transactions/announce.js';
import {
  chargeForRequest,
  requestChargeMayHaveCharged,
  resumeRequestCharge,
} from '../transactions/requestCharges.js';
import { linkInsurancePayment, type TransactionRecord } from '../transactions/store.js';
import { findPaymentByRequestKey, insertPayment, type NewInsurancePaymentDetail } from './store.js';
import { insurancePaymentView, openDentalOrNotFound } from './view.js';

type Save = Omit<(typeof contract.createInsurancePayment)['body']['_output'], never>;
type Staff = Parameters<typeof prepareRequest>[2];

/** What a held claim refuses a second save with. */
/**
 * How long a save's hold on its claims lasts before another save may take them, when no card may
 * have been charged under it (its server stopped, and nobody sent it again). A save whose card may
 * have been charged keeps them: only its own key may finish it.
 */
export const HOLD_LEASE_MS = 15 * 60_000;

/** The provider key of a save's card charge: its request charge's, from its Idempotency-Key. */
const chargeKeyOf = (practice: PracticeId, requestKey: string) => `insurance:${practice}:${requestKey}`;

export const DECLINED_PREFIX = 'The virtual card was not charged: ';

export function claimTakenMessage(claim: ClaimRecord): string {
  return claim.status === 'RECEIVED'
    ? `Claim ${claim.claimNumber} is paid already: it was posted in another reimbursement.`
    : `Claim ${claim.claimNumber} is being posted in another reimbursement.`;
}

/** The save's claims, procedures and patients, checked: every refusal names its field. */
async function checkedSave(ctx: AppContext, practice: PracticeId, save: Save) {
  const claimIds = save.claims.map((c) => c.claimId);
  save.claims.forEach((c, i) => {
    if (claimIds.indexOf(c.claimId) !== i) {
      throw new BadRequestError(`body.claims.${i}.claimId`, 'The claim is chosen twice.');
    }
  });
  const claims = new Map((await claimsByIds(ctx.db, practice, claimIds)).map((c) => [c.id, c]));
  const procedures = new Map((await proceduresOfClaims(ctx.db, practice, claimIds)).map((p) => [p.id, p]));
  const customers = await customersByPatientKeys(
    ctx.db,
    practice,
    [...claims.values()].map((c) => c.patNum),
  );
  const posted: (PostedProcedure<ClaimProcedureRecord> & {
    claimId: number;
    patientId: number;
    deductible: number;
  })[] = [];
  save.claims.forEach((chosen, i) => {
    const claim = claims.get(chosen.claimId);
    const customer = claim && customers.get(claim.patNum);
    if (!claim || !customer) throw new NotFoundError('The claim');
    if (claim.carrierName !== save.carrierName) {
      throw new BadRequestError(
        `body.claims.${i}.claimId`,
        `Claim ${claim.claimNumber} was sent to ${claim.carrierName}, not ${save.carrierName}.`,
      );
    }
    if (claim.status !== 'SENT') throw new ConflictError(claimTakenMessage(claim));
    const seen = new Set<number>();
    chosen.procedures.forEach((p, j) => {
      const procedure = procedures.get(p.claimProcedureId);
      if (!procedure || procedure.claimId !== claim.id) {
        throw new BadRequestError(
          `body.claims.${i}.procedures.${j}.claimProcedureId`,
          `The procedure is not one of claim ${claim.claimNumber}'s.`,
        );
      }
      if (seen.has(procedure.id)) {
        throw new BadRequestError(
          `body.claims.${i}.procedures.${j}.claimProcedureId`,
          'The procedure is chosen twice.',
        );
      }
      seen.add(procedure.id);
      posted.push({
        ...p,
        procedure,
        customerId: customer.id,
        path: `claims.${i}.procedures.${j}`,
        claimId: claim.id,
        patientId: claim.patientId,
        deductible: procedure.deductibleApplied,
      });
    });
  });
  const patients = [...customers.values()].map((c) => ({
    customerId: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
  }));
  const [problem] = reimbursementProblems({
    paymentAmount: save.payment.amount,
    procedures: posted,
    requestCustomerIds: save.requests.map((r) => r.customerId),
    patients,
  });
  if (problem) throw new BadRequestError(`body.${problem.field}`, problem.message);
  return { claims: [...claims.values()], posted, shares: sharesToCollect(posted), customers };
}

/** The details rows, one per patient in the order of the save, and the payment's totals. */
function detailsOf(
  posted: Awaited<ReturnType<typeof checkedSave>>['posted'],
  notificationIds: Map<number, string>,
) {
  const byPatient = new Map<number, typeof posted>();
  for (const p of posted) byPatient.set(p.patientId, [...(byPatient.get(p.patientId) ?? []), p]);
  const details: NewInsurancePaymentDetail[] = [...byPatient].map(([patientId, rows]) => {
    const sum = (pick: (p: (typeof rows)[number]) => number) => rows.reduce((n, p) => n + pick(p), 0);
    return {
      patientId,
      procCodeCount: rows.length,
      deductible: sum((p) => p.deductible),
      reimbursed: sum((p) => p.amountToPay),
      writtenOff: sum((p) => p.amountToWriteOff),
      requestedPayment: sum((p) => p.amountToCollect),
      paid: 0,
      procedureJson: rows.map((p) => ({
        procDate: p.procedure.procDate,
        procCode: p.procedure.procCode,
        descript: p.procedure.descript,
        amountToPay: p.amountToPay,
        amountToWriteOff: p.amountToWriteOff,
        amountToCollect: p.amountToCollect,
      })),
      notificationId: notificationIds.get(rows[0]!.customerId) ?? null,
    };
  });
  const total = (pick: (d: NewInsurancePaymentDetail) => number | undefined) =>
    details.reduce((n, d) => n + (pick(d) ?? 0), 0);
  return {
    details,
    totals: {
      reimbursed: total((d) => d.reimbursed),
      writtenOff: total((d) => d.writtenOff),
      requestedPayment: total((d) => d.requestedPayment),
      paid: 0,
      patientCount: details.length,
    },
  };
}

/** Charges the carrier's virtual card once under the save's key; the recorded transaction. */
async function chargeVirtualCard(
  ctx: AppContext,
  practice: PracticeId,
  save: Save & { payment: { fundingSource: 'CARD' } },
  requestKey: string,
  payer: ReturnType<typeof payerColumns> | null,
): Promise<TransactionRecord> {
  const key = chargeKeyOf(practice, requestKey);
  try {
    const resumed = await resumeRequestCharge(ctx, practice, key);
    if (resumed) return resumed.transaction;
    const company = await practiceOrNotFound(ctx, practice);
    const entry = await cardEntry(ctx, practice, {
      nonce: save.payment.nonce,
      use: 'insurance-reimbursement',
      businessId: company.businessId,
    });
    // The entry is this save's, once: another save with the same nonce stops here, uncharged.
    await redeemCardEntry(ctx.db, entry, ctx.clock.now(), requestKey);
    const recorded = await chargeForRequest(ctx, practice, {
      key,
      source: 'INSURANCE',
      orderAmount: save.payment.amount,
      // A carrier's payment is never surcharged.
      surchargeAmount: 0,
      card: {
        token: entry.token,
        cardType: entry.cardType,
        description: entry.description,
        expMonth: entry.expMonth,
        expYear: entry.expYear,
        funding: entry.funding,
        fromNonce: true,
      },
      payer: payer ?? {
        customerId: null,
        firstName: 'Multiple',
        lastName: 'Customers',
        email: null,
        phone: null,
      },
      note: null,
      storeCard: false,
      paymentRequestId: null,
    });
    return recorded.transaction;
  } catch (error) {
    return asBusinessError(error, ctx.log);
  }
}

/** Lets go of these claims' holds by saves abandoned before any card was charged (HOLD_LEASE_MS). */
async function releaseAbandonedHolds(
  ctx: AppContext,
  practice: PracticeId,
  claimIds: number[],
  requestKey: string,
) {
  const heldBefore = new Date(Date.now() - HOLD_LEASE_MS);
  for (const key of await staleHolds(ctx.db, practice, claimIds, requestKey, heldBefore)) {
    if (await requestChargeMayHaveCharged(ctx, practice, chargeKeyOf(practice, key))) continue;
    await releaseClaims(ctx.db, practice, key, heldBefore);
  }
}

export async function createInsurancePayment(
  ctx: AppContext,
  practice: PracticeId,
  staff: Staff,
  save: Save,
  requestKey: string,
): Promise<contract.InsurancePayment> {
  await openDentalOrNotFound(ctx, practice);
  const done = await findPaymentByRequestKey(ctx.db, practice, requestKey);
  if (done) return insurancePaymentView(ctx, practice, done.id);

  const checked = await checkedSave(ctx, practice, save);
  const requests = await Promise.all(
    save.requests.map((r) =>
      prepareRequest(ctx, practice, staff, { ...r, amount: checked.shares.get(r.customerId)! }),
    ),
  );

  const claimIds = checked.claims.map((c) => c.id);
  await releaseAbandonedHolds(ctx, practice, claimIds, requestKey);
  const held = new Set(await holdClaims(ctx.db, practice, claimIds, requestKey, new Date()));
  const taken = checked.claims.find((c) => !held.has(c.id));
  if (taken) {
    await releaseClaims(ctx.db, practice, requestKey);
    const [now] = await claimsByIds(ctx.db, practice, [taken.id]);
    throw new ConflictError(claimTakenMessage(now ?? taken));
  }

  let transaction: TransactionRecord | null = null;
  try {
    if (save.payment.fundingSource === 'CARD') {
      const patients = [...new Set(checked.posted.map((p) => p.customerId))];
      const only =
        patients.length === 1 ? [...checked.customers.values()].find((c) => c.id === patients[0]) : undefined;
      transaction = await chargeVirtualCard(
        ctx,
        practice,
        save as Save & { payment: { fundingSource: 'CARD' } },
        requestKey,
        only ? payerColumns(only) : null,
      );
      if (transaction.status !== 'APPROVED') {
        throw new BusinessError(`${DECLINED_PREFIX}${transaction.reason ?? 'Card declined'}.`);
      }
    }
  } catch (error) {
    // Nothing was charged (declined, refused, or never begun): the claims are free for another save.
    // A charge that may have happened keeps them for this key, which alone can finish it.
    if (!(await requestChargeMayHaveCharged(ctx, practice, chargeKeyOf(practice, requestKey)))) {
      await releaseClaims(ctx.db, practice, requestKey);
    }
    throw error;
  }

  const paymentId = await ctx.db.transaction(async (tx) => {
    const notificationIds = new Map<number, string>();
    for (const request of requests) notificationIds.set(request.customer.id, await request.write(tx));
    const { details, totals } = detailsOf(checked.posted, notificationIds);
    const plans = [...new Set(checked.claims.map((c) => c.planName))];
    const payment = await insertPayment(
      tx,
      practice,
      {
        date: save.date,
        fundingSource: save.payment.fundingSource,
        cardDescription: transaction?.cardDescription ?? null,
        cardType: transaction?.cardType ?? null,
        referenceId:
          save.payment.fundingSource === 'CHECK' ? save.payment.checkNumber : transaction!.referenceId,
        carrierName: save.carrierName,
        planName: plans.join(', '),
        json: { carrierName: save.carrierName, planName: plans.join(', ') },
        transactionId: transaction?.id ?? null,
        requestKey,
        ...totals,
      },
      details,
    );
    const posted = await postClaimPayment(tx, practice, {
      claimIds,
      requestKey,
      insurancePaymentId: payment.id,
      at: ctx.clock.now(),
      procedures: checked.posted.map((p) => ({
        claimProcedureId: p.procedure.id,
        insurancePaid: p.amountToPay,
        writtenOff: p.amountToWriteOff,
      })),
    });
    if (posted.length !== claimIds.length) {
      throw new ConflictError(claimTakenMessage(checked.claims[0]!));
    }
    if (transaction) await linkInsurancePayment(tx, practice, transaction.id, payment.id);
    return payment.id;
  });
  return insurancePaymentView(ctx, practice, paymentId);
}
