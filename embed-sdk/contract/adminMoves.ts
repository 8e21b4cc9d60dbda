/**
 * The admin area's moves (`#/admin/movePaymentPlan`, `moveMembership`, `moveTransaction`, issue 35):
 * a payment plan, a membership or a payment recorded under the wrong patient, or at the wrong
 * practice, moves to the right one. The preview says what will change and refuses what would break a
 * rule, with the field named; the move does the same checks again and writes the change with its
 * audit entry, all or nothing. Administrators only.
 *
 * The rules (server/admin/operations/move.ts):
 * - A card belongs to the processor account that stored it: a plan or membership charging a card
 *   moves only where that account can charge it, its own practice or one on the same account.
 * - Money settled to a practice's account stays in its records: to another practice, a plan or a
 *   membership moves before its first payment, and a payment only between practices of one account,
 *   unposted and unrefunded.
 * - A charge under way, an ended plan or membership, and a move to where the record already is are
 *   refused.
 */
import { z } from 'zod';
import { Id } from './common.js';
import { post } from './endpoint.js';

export const MOVE_TYPES = ['PAYMENT_PLAN', 'MEMBERSHIP', 'TRANSACTION'] as const;
export const MoveType = z.enum(MOVE_TYPES);
export type MoveType = z.infer<typeof MoveType>;

export const MoveRequest = z
  .object({
    type: MoveType,
    /** The practice the record is in now. */
    companyId: Id,
    /**
     * The plan's or the membership's number; a payment's transaction id as the lists show it (R1ABC…)
     * or its whole reference.
     */
    record: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
    /** Where it goes: the same practice or another. */
    toCompanyId: Id,
    /** The patient (their number in the practice system) it goes to. */
    toPatientId: Id,
  })
  .strict();
export type MoveRequest = z.infer<typeof MoveRequest>;

/** A patient as the preview names them. */
const MovePatient = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  /** Null for a payment that belongs to no patient (unassociated). */
  patientId: z.number().int().nullable(),
  patientName: z.string().nullable(),
});

export const MovePreview = z.object({
  type: MoveType,
  /** The plan's or membership's number, or the payment's transaction id. */
  record: z.string(),
  /** The record in words: "Payment plan 12: $1,200.00 in 12 monthly payments, active". */
  description: z.string(),
  from: MovePatient,
  to: MovePatient,
  /** Every change the move makes, one sentence each, in the order it makes them. */
  changes: z.array(z.string()),
});
export type MovePreview = z.infer<typeof MovePreview>;

export const previewMove = post('/api/admin/move/preview', {
  summary:
    'What moving a payment plan, a membership or a payment to another patient or practice would change; a move that breaks a rule is refused with the field named. Writes nothing.',
  body: MoveRequest,
  value: MovePreview,
});

export const moveRecord = post('/api/admin/move', {
  summary:
    'Moves a payment plan, a membership or a payment to another patient or practice, as its preview said, with its audit entry; all or nothing.',
  body: MoveRequest,
  value: MovePreview,
});
