/**
 * Post Approval (embed-sdk/contract/adminOperations.ts): a sale the card processor approved with no
 * payment recorded becomes the approved payment it is. Such a sale is left when the request that
 * made it was lost with its claim (claimedCharge.ts replays every claim it finds; this is for what
 * it cannot find). The processor's record is read from the card-entry provider double's ledger,
 * the sandbox's stand-in for a processor's transaction report, for the practice's processor account.
 *
 * The payment is the patient's whose card it is, when the card is on someone's file at the practice
 * (and goes to the practice system as any payment does), else unassociated, for staff to associate.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { UnrecordedApproval } from '../../../embed-sdk/contract/adminOperations.js';
import { CARD_BRAND_NAMES } from '../../../embed-sdk/format/index.js';
import { maskedDescription } from '../../card-provider/mask.js';
import { displayedTransactionId, transactionResultIdFor } from '../../card-provider/reference.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import {
  customers,
  providerCards,
  providerCharges,
  savedCards,
  transactions,
} from '../../db/schema/index.js';
import { asPracticeId, type PracticeId } from '../../db/scope.js';
import { BadRequestError } from '../../errors.js';
import { findPractice } from '../../practices/store.js';
import { payerColumns } from '../../transactions/announce.js';
import { recordTransaction } from '../../transactions/store.js';
import { recordAudit, type AuditActor } from '../audit.js';

/** A sale younger than this may still be recorded by its own request (a claim's lease). */
const SETTLING_MS = 2 * 60_000;
const LIST_LIMIT = 100;

/** The practice's approved sales with no payment recorded, newest first. */
function unrecordedSales(db: Db | Tx, businessId: string, before: Date, referenceId?: string) {
  return db
    .select({ charge: providerCharges, card: providerCards })
    .from(providerCharges)
    .innerJoin(providerCards, eq(providerCards.token, providerCharges.token))
    .where(
      and(
        eq(providerCharges.businessId, businessId),
        eq(providerCharges.kind, 'SALE'),
        eq(providerCharges.approved, true),
        lt(providerCharges.createdAt, before),
        referenceId === undefined ? undefined : eq(providerCharges.referenceId, referenceId),
        sql`not exists (select 1 from ${transactions} t where t.reference_id = ${providerCharges.referenceId})`,
      ),
    )
    .orderBy(desc(providerCharges.createdAt))
    .limit(LIST_LIMIT);
}

/** The practice's patient whose card this is (their customer), if it is on someone's file. */
async function ownerOfCard(db: Db | Tx, practice: PracticeId, token: string) {
  const [owner] = await db
    .select({ customer: customers })
    .from(savedCards)
    .innerJoin(customers, eq(customers.id, savedCards.customerId))
    .where(and(eq(savedCards.companyId, practice), eq(savedCards.providerToken, token)))
    .orderBy(desc(savedCards.isActive), desc(savedCards.id))
    .limit(1);
  return owner?.customer ?? null;
}

async function practiceOf(db: Db, companyId: number, field: string) {
  const practice = await findPractice(db, asPracticeId(companyId));
  if (!practice) throw new BadRequestError(field, `there is no practice ${companyId}`);
  return practice;
}

const brandName = (brand: string) => (CARD_BRAND_NAMES as Record<string, string>)[brand] ?? brand;

export async function listUnrecordedApprovals(
  ctx: AppContext,
  companyId: number,
): Promise<UnrecordedApproval[]> {
  const practice = await practiceOf(ctx.db, companyId, 'query.companyId');
  const before = new Date(ctx.clock.now().getTime() - SETTLING_MS);
  const sales = await unrecordedSales(ctx.db, practice.businessId, before);
  return Promise.all(
    sales.map(async ({ charge, card }) => {
      const owner = await ownerOfCard(ctx.db, asPracticeId(practice.id), card.token);
      return {
        referenceId: charge.referenceId,
        transactionId: displayedTransactionId(charge.referenceId),
        amount: charge.amount,
        approvedAt: charge.createdAt.toISOString(),
        cardType: brandName(card.brand),
        cardDescription: maskedDescription(card.last4),
        patientName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : null,
        patientId: owner?.patientKey ?? null,
      };
    }),
  );
}

export async function postApproval(
  ctx: AppContext,
  actor: AuditActor,
  request: { companyId: number; referenceId: string; source: 'VIRTUALTERMINAL' | 'TERMINAL' },
) {
  const practice = await practiceOf(ctx.db, request.companyId, 'body.companyId');
  const now = ctx.clock.now();
  const referenceId = request.referenceId.toUpperCase();
  return ctx.db.transaction(async (tx) => {
    // A run again under its key (or a second administrator) finds the payment it wrote.
    const [recorded] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.companyId, practice.id), eq(transactions.referenceId, referenceId)));
    if (recorded) {
      throw new BadRequestError(
        'body.referenceId',
        `${displayedTransactionId(referenceId)} is a payment of ${practice.name} already`,
      );
    }
    const [sale] = await unrecordedSales(
      tx,
      practice.businessId,
      new Date(now.getTime() - SETTLING_MS),
      referenceId,
    );
    if (!sale) {
      throw new BadRequestError(
        'body.referenceId',
        `${practice.name}'s processor account has no approved sale ${referenceId} without a payment (a sale of the last two minutes may still be recorded by its own request)`,
      );
    }
    const { charge, card } = sale;
    const owner = await ownerOfCard(tx, asPracticeId(practice.id), card.token);
    const row = await recordTransaction(tx, asPracticeId(practice.id), {
      ...(owner ? payerColumns(owner) : { customerId: null }),
      referenceId: charge.referenceId,
      transactionResultId: transactionResultIdFor(charge.referenceId),
      status: 'APPROVED',
      amount: charge.amount,
      orderAmount: charge.amount,
      surchargeAmount: 0,
      fundingSource: 'CARD',
      cardType: card.brand,
      cardDescription: maskedDescription(card.last4),
      expMonth: String(card.expMonth),
      expYear: String(card.expYear),
      source: request.source,
      created: charge.createdAt,
      note: `Approval posted from the processor's record by ${actor.email}`,
      noteLabel: 'Posted approval',
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'approval.post',
        companyId: practice.id,
        targetType: 'transaction',
        targetId: row.id,
        after: {
          transactionId: displayedTransactionId(row.referenceId),
          amount: row.amount,
          patient: owner ? `${owner.firstName} ${owner.lastName}`.trim() : null,
        },
      },
      now,
    );
    return {
      transactionId: displayedTransactionId(row.referenceId),
      referenceId: row.referenceId,
      patientName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : null,
    };
  });
}
