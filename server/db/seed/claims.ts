/**
 * The carriers' sent claims at Bright Smiles (the Open Dental practice), so a reimbursement can be
 * posted in the demo at once: every completed procedure still waiting on insurance (procedures.ts:
 * the last month's visits of insured patients) is on a SENT claim, one claim per patient and date of
 * service, billed at its fee with the record's insurance estimate and write-off. Each patient has
 * one carrier and plan (from the claims' own random stream), so several carriers have claims.
 * Only customers' claims are seeded: a reimbursement's share is requested from a customer.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../client.js';
import { claimProcedures, claims, customers, procedures } from '../schema/index.js';
import { insertMany } from './batch.js';
import { CARRIERS } from './collections.js';
import { PRACTICES } from './practices.js';
import { randomFor } from './random.js';

export async function seedSentClaims(db: Db): Promise<number> {
  const companyId = PRACTICES.brightSmiles;
  const random = randomFor('claims', companyId);
  const waiting = await db
    .select({
      procedureId: procedures.id,
      patientId: procedures.patientId,
      procDate: procedures.procDate,
      procCode: procedures.procCode,
      descript: procedures.description,
      fee: procedures.fee,
      insuranceEst: procedures.insuranceEst,
      writeOff: procedures.writeOff,
    })
    .from(procedures)
    .innerJoin(
      customers,
      and(eq(customers.companyId, procedures.companyId), eq(customers.patientId, procedures.patientId)),
    )
    .where(
      and(
        eq(procedures.companyId, companyId),
        eq(procedures.procStatus, 'C'),
        gt(procedures.waitingFromInsurance, 0),
      ),
    )
    .orderBy(asc(procedures.patientId), asc(procedures.procDate), asc(procedures.procNum));

  const carrierOf = new Map<number, string>();
  const byClaim = new Map<string, typeof waiting>();
  for (const p of waiting) {
    if (!carrierOf.has(p.patientId)) carrierOf.set(p.patientId, random.helpers.arrayElement(CARRIERS));
    const key = `${p.patientId}:${p.procDate}`;
    byClaim.set(key, [...(byClaim.get(key) ?? []), p]);
  }
  let number = 1;
  for (const rows of byClaim.values()) {
    const first = rows[0]!;
    const carrierName = carrierOf.get(first.patientId)!;
    const [claim] = await db
      .insert(claims)
      .values({
        companyId,
        patientId: first.patientId,
        claimNumber: `SNT-${companyId}-${String(number++).padStart(5, '0')}`,
        carrierName,
        planName: `${carrierName} PPO`,
        dateService: first.procDate,
        status: 'SENT',
      })
      .returning({ id: claims.id });
    await insertMany(
      db,
      claimProcedures,
      rows.map((p) => ({
        companyId,
        claimId: claim!.id,
        procedureId: p.procedureId,
        procDate: p.procDate,
        procCode: p.procCode,
        descript: p.descript,
        fee: p.fee,
        insuranceEstimate: p.insuranceEst,
        deductibleApplied: 0,
        writeOffEstimate: p.writeOff,
        status: 'SENT' as const,
      })),
    );
  }
  return byClaim.size;
}
