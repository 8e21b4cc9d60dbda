/**
 * Unassociated payments (part 2, "Associate Transaction"): a terminal, virtual-terminal or payment
 * page payment nobody was named for is attached to one of the practice's customers, optionally
 * allocated to procedures (the allocation adds up to the payment less its surcharge), with a receipt
 * e-mailed ('Send Receipt', into the sandbox outbox) and its posting queued ('Post to Practice
 * Management System'). A payment removed from the unassociated payments can never be associated.
 * Possible Matches suggests who paid, from the payment's last name, e-mail and phone.
 */
import { ALLOCATION_MESSAGES } from '../../embed-sdk/contract/allocation.js';
import type * as contract from '../../embed-sdk/contract/transaction.js';
import { requireAllocation } from '../allocation/records.js';
import { formatDate } from '../../embed-sdk/format/index.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { paymentReceiptMessage } from '../domain/outbox/patientMessages.js';
import { rankMatches } from '../domain/transactions/possibleMatches.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { senderOf } from '../outbox/recipients.js';
import { sendToOutbox } from '../outbox/store.js';
import { findCustomer, patientsNamedOrReached } from '../patients/store.js';
import { allocationProblemOf } from '../practice-system/allocation.js';
import { queuePayment } from '../practice-system/queue.js';
import { findPractice } from '../practices/store.js';
import { practiceTemplatesOf } from '../settings/messageTemplates.js';
import { payerColumns } from './announce.js';
import { transactionView } from './list.js';
import { findTransaction, lockTransaction, setPayer, type TransactionRecord } from './store.js';

export const ASSOCIATE_MESSAGES = {
  associated: 'This payment is already associated with a patient.',
  removed: 'This payment was removed from the unassociated payments and can never be associated.',
  notApproved: 'Only an approved payment can be associated with a patient.',
  allocation: 'The allocation total must match the unassociated transaction amount.',
  allocationPosts:
    'An allocation is written to the practice management system: keep Post to Practice Management System on to allocate.',
} as const;

const lineOf = (p: contract.AssociateProcedure) => ({
  patientKey: p.patientKey,
  procNum: p.procedureLogCodeNum,
  amount: p.amount,
});

/** Why this payment cannot be associated (null when it can). */
export function refusalToAssociate(t: Pick<TransactionRecord, 'status' | 'customerId' | 'orphanRemoved'>) {
  if (t.orphanRemoved !== null) return ASSOCIATE_MESSAGES.removed;
  if (t.customerId !== null) return ASSOCIATE_MESSAGES.associated;
  if (t.status !== 'APPROVED') return ASSOCIATE_MESSAGES.notApproved;
  return null;
}

const POSSIBLE_MATCHES = 10;

export async function possibleMatches(
  ctx: AppContext,
  practice: PracticeId,
  transactionId: number,
): Promise<{ patients: contract.PossibleMatch[] }> {
  const t = await findTransaction(ctx.db, practice, transactionId);
  if (!t) throw new NotFoundError('The transaction');
  const payer = {
    lastName: (t.lastName ?? '').trim(),
    email: (t.email ?? '').trim(),
    phone: (t.phone ?? '').replace(/\D/g, ''),
  };
  const found = await patientsNamedOrReached(
    ctx.db,
    practice,
    { lastName: payer.lastName, email: payer.email, cell: payer.phone },
    200,
  );
  return {
    patients: rankMatches(payer, found)
      .slice(0, POSSIBLE_MATCHES)
      .map(({ candidate: p, matchedOn }) => ({
        key: p.key,
        customerId: p.customerId,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        cell: p.cell,
        birthdate: p.birthdate,
        matchedOn,
      })),
  };
}

export async function associatePayment(
  ctx: AppContext,
  practice: PracticeId,
  request: {
    transactionId: number;
    customerId: number;
    post: boolean;
    sendEmail: boolean;
    procedures: contract.AssociateProcedure[];
  },
): Promise<contract.Transaction> {
  const found = await findTransaction(ctx.db, practice, request.transactionId);
  if (!found) throw new NotFoundError('The transaction');
  const customer = await findCustomer(ctx.db, practice, request.customerId);
  if (!customer) throw new NotFoundError('The customer');
  const early = refusalToAssociate(found);
  if (early) throw new BadRequestError('body.transactionId', early);
  if (request.procedures.length > 0) {
    await requireAllocation(ctx, practice);
    if (!request.post) throw new BadRequestError('body.post', ASSOCIATE_MESSAGES.allocationPosts);
    const total = request.procedures.reduce((sum, p) => sum + p.amount, 0);
    const allocatable = found.amount - found.surchargeAmount;
    if (total !== allocatable) {
      throw new BadRequestError('body.procedures', ASSOCIATE_MESSAGES.allocation);
    }
    if (customer.patientKey === null) {
      throw new BadRequestError('body.customerId', ALLOCATION_MESSAGES.noPatient);
    }
    // The same check as an allocation saved later; the connector writes the lines with the payment.
    const problem = await allocationProblemOf(
      ctx.db,
      practice,
      { patNum: customer.patientKey, unallocated: allocatable },
      request.procedures.map(lineOf),
    );
    if (problem) throw new BadRequestError(problem.field, problem.message);
  }
  const company = (await findPractice(ctx.db, practice))!;
  // The practice's wording of a receipt, read before the transaction (only when one is sent).
  const templates = request.sendEmail ? await practiceTemplatesOf(ctx.db, practice) : {};
  const now = ctx.clock.now();
  const associated = await ctx.db.transaction(async (tx) => {
    await lockTransaction(tx, practice, found.id);
    const t = (await findTransaction(tx, practice, found.id))!;
    // Another request may have associated or removed it meanwhile.
    const refusal = refusalToAssociate(t);
    if (refusal) throw new BadRequestError('body.transactionId', refusal);
    const row = await setPayer(tx, practice, t.id, {
      ...payerColumns(customer),
      associatedManMessage: `Associated manually on ${formatDate(now)}`,
    });
    if (request.post) {
      await queuePayment(
        tx,
        practice,
        { transactionId: t.id, at: now },
        request.procedures.length > 0
          ? {
              allocation: request.procedures.map(lineOf).map((l) => ({
                patNum: l.patientKey,
                procNum: l.procNum,
                amount: l.amount,
              })),
            }
          : {},
      );
    }
    if (request.sendEmail && customer.email) {
      const receipt = paymentReceiptMessage(
        { eMail: customer.email, firstName: customer.firstName },
        senderOf(company),
        {
          amount: t.amount,
          surchargeAmount: t.surchargeAmount,
          paidOn: formatDate(t.created),
          method: t.cardDescription ? `${t.cardType ?? 'Card'} ${t.cardDescription}` : t.fundingSource,
          transactionId: t.referenceId.split('-')[0]!,
        },
        templates,
      );
      await sendToOutbox(tx, practice, [receipt], now);
    }
    return row;
  });
  return transactionView(ctx, associated);
}
