/**
 * The practice system's claims in the database: claims sent to carriers and their procedures, and a
 * carrier's payment posted to them. Every function takes the practice and scopes each statement to it
 * (db/scope.ts). A reimbursement's save claims its claims by its request key with a conditional
 * update of SENT rows (`holdClaims`), so of two saves of one claim, at once or not, one posts it.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { patients } from '../db/schema/patients.js';
import { claimProcedures, claims, procedures } from '../db/schema/practice-system.js';
import { inPractice, samePractice, type PracticeId } from '../db/scope.js';

export type ClaimRecord = typeof claims.$inferSelect & { patNum: number };
export type ClaimProcedureRecord = typeof claimProcedures.$inferSelect;

const claimColumns = {
  id: claims.id,
  companyId: claims.companyId,
  patientId: claims.patientId,
  claimNumber: claims.claimNumber,
  carrierName: claims.carrierName,
  planName: claims.planName,
  dateService: claims.dateService,
  status: claims.status,
  payingKey: claims.payingKey,
  heldAt: claims.heldAt,
  insurancePaymentId: claims.insurancePaymentId,
  receivedAt: claims.receivedAt,
  patNum: patients.patNum,
};

/** The claims matching `where`, oldest service date first, with their patient's number. */
function claimsWhere(db: Db | Tx, practice: PracticeId, where: SQL) {
  return db
    .select(claimColumns)
    .from(claims)
    .innerJoin(patients, samePractice(patients, claims, eq(patients.id, claims.patientId)))
    .where(inPractice(claims, practice, where))
    .orderBy(asc(claims.dateService), asc(claims.id));
}

/** A carrier's claims that are sent and not yet paid. */
export function sentClaimsOf(db: Db | Tx, practice: PracticeId, carrierName: string): Promise<ClaimRecord[]> {
  return claimsWhere(db, practice, and(eq(claims.carrierName, carrierName), eq(claims.status, 'SENT'))!);
}

/** The practice's claims with these ids (another practice's are absent). */
export function claimsByIds(
  db: Db | Tx,
  practice: PracticeId,
  ids: readonly number[],
): Promise<ClaimRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return claimsWhere(db, practice, inArray(claims.id, [...ids]));
}

/** The procedures of these claims of the practice, in the order they were billed. */
export async function proceduresOfClaims(
  db: Db | Tx,
  practice: PracticeId,
  claimIds: readonly number[],
): Promise<ClaimProcedureRecord[]> {
  if (claimIds.length === 0) return [];
  return db
    .select()
    .from(claimProcedures)
    .where(inPractice(claimProcedures, practice, inArray(claimProcedures.claimId, [...claimIds])))
    .orderBy(asc(claimProcedures.procDate), asc(claimProcedures.id));
}

/** The carriers of the practice's claims, by name. */
export async function claimCarriers(db: Db | Tx, practice: PracticeId): Promise<string[]> {
  const rows = await db
    .selectDistinct({ carrierName: claims.carrierName })
    .from(claims)
    .where(inPractice(claims, practice));
  return rows.map((r) => r.carrierName);
}

/**
 * Holds these SENT claims for the save with this request key: a conditional update of the rows that
 * are sent and free (or held by the same key, a save run again). Returns the ids it holds; a claim
 * missing from them is received, or held by another save.
 */
export async function holdClaims(
  db: Db | Tx,
  practice: PracticeId,
  claimIds: readonly number[],
  requestKey: string,
  at: Date,
): Promise<number[]> {
  const rows = await db
    .update(claims)
    .set({ payingKey: requestKey, heldAt: at })
    .where(
      inPractice(
        claims,
        practice,
        inArray(claims.id, [...claimIds]),
        eq(claims.status, 'SENT'),
        or(isNull(claims.payingKey), eq(claims.payingKey, requestKey)),
      ),
    )
    .returning({ id: claims.id });
  return rows.map((r) => r.id);
}

/**
 * Lets go of the claims this save held (its card was declined): another save may post them. With
 * `heldBefore`, only a hold taken before then (an abandoned one, let go by another save).
 */
export async function releaseClaims(
  db: Db | Tx,
  practice: PracticeId,
  requestKey: string,
  heldBefore?: Date,
) {
  await db
    .update(claims)
    .set({ payingKey: null, heldAt: null })
    .where(
      inPractice(
        claims,
        practice,
        eq(claims.payingKey, requestKey),
        eq(claims.status, 'SENT'),
        heldBefore ? lt(claims.heldAt, heldBefore) : undefined,
      ),
    );
}

/** The request keys of other saves that hold some of these SENT claims since before `heldBefore`. */
export async function staleHolds(
  db: Db | Tx,
  practice: PracticeId,
  claimIds: readonly number[],
  requestKey: string,
  heldBefore: Date,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ key: claims.payingKey })
    .from(claims)
    .where(
      inPractice(
        claims,
        practice,
        inArray(claims.id, [...claimIds]),
        eq(claims.status, 'SENT'),
        isNotNull(claims.payingKey),
        ne(claims.payingKey, requestKey),
        lt(claims.heldAt, heldBefore),
      ),
    );
  return rows.map((r) => r.key!);
}

/** What the carrier paid and what was written off on one claim procedure. */
export interface ProcedurePayment {
  claimProcedureId: number;
  insurancePaid: number;
  writtenOff: number;
}

/**
 * Posts a carrier's payment to the claims its save holds: the claims and their procedures turn
 * RECEIVED with what was paid and written off, and each procedure's insurance columns take the
 * payment (paid from insurance, no longer waiting, its write-off), so Est. Due reads it. Returns the
 * claims posted; none when the save does not hold them (nothing is written then).
 */
export async function postClaimPayment(
  tx: Tx,
  practice: PracticeId,
  posting: {
    claimIds: readonly number[];
    requestKey: string;
    insurancePaymentId: number;
    at: Date;
    procedures: readonly ProcedurePayment[];
  },
): Promise<number[]> {
  const received = await tx
    .update(claims)
    .set({ status: 'RECEIVED', insurancePaymentId: posting.insurancePaymentId, receivedAt: posting.at })
    .where(
      inPractice(
        claims,
        practice,
        inArray(claims.id, [...posting.claimIds]),
        eq(claims.status, 'SENT'),
        eq(claims.payingKey, posting.requestKey),
      ),
    )
    .returning({ id: claims.id });
  if (received.length !== posting.claimIds.length) return [];
  for (const p of posting.procedures) {
    const [row] = await tx
      .update(claimProcedures)
      .set({ status: 'RECEIVED', insurancePaid: p.insurancePaid, writtenOff: p.writtenOff })
      .where(inPractice(claimProcedures, practice, eq(claimProcedures.id, p.claimProcedureId)))
      .returning({ procedureId: claimProcedures.procedureId });
    if (row?.procedureId == null) continue;
    await tx
      .update(procedures)
      .set({
        insuranceEst: p.insurancePaid,
        paidFromInsurance: p.insurancePaid,
        waitingFromInsurance: 0,
        writeOff: p.writtenOff,
      })
      .where(inPractice(procedures, practice, eq(procedures.id, row.procedureId)));
  }
  return received.map((r) => r.id);
}
