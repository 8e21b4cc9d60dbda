/**
 * Bulk payment requests for staff (contract/bulkRequests.ts): who a send reaches, starting a send,
 * and reading a run's progress and summary. The sending itself is bulkWorker.ts, which sends each
 * patient's request through the single request's own code path (requests.ts prepareRequest).
 *
 * Who: everyone with a balance in the practice system (practice-system/balances.ts), asked for their
 * balance; or a pasted list (rules/bulkRequestList.ts), whose patient numbers must all be the
 * practice's. Any line that cannot be sent refuses the whole send, before anything is written.
 */
import {
  type BulkLineProblem,
  type BulkPatient,
  type BulkPreview,
  type BulkRun,
  type BulkSource,
} from '../../embed-sdk/contract/bulkRequests.js';
import { MAX_REQUEST_AMOUNT } from '../../embed-sdk/contract/paymentRequest.js';
import { parseBulkRequestList, problemText } from '../../embed-sdk/rules/bulkRequestList.js';
import { changedFields, recordAudit, type AuditActor } from '../admin/audit.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { BadRequestError, BusinessError, NotFoundError } from '../errors.js';
import { patientsByNumbers } from '../patients/store.js';
import { patientBalances } from '../practice-system/balances.js';
import {
  findRun,
  findRunByKey,
  insertRun,
  itemsNotSent,
  itemTotals,
  latestRun,
  type BulkRunRecord,
  type NewBulkItem,
} from './bulkStore.js';

interface Recipients {
  source: BulkSource;
  list: string;
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The patients a send would reach, with the pasted lines that cannot be sent. */
async function recipientsOf(
  ctx: AppContext,
  practice: PracticeId,
  recipients: Recipients,
): Promise<{ items: NewBulkItem[]; problems: BulkLineProblem[] }> {
  if (recipients.source === 'BALANCES') {
    const balances = await patientBalances(ctx.db, practice);
    const known = await patientsByNumbers(
      ctx.db,
      practice,
      balances.map((b) => b.patNum),
    );
    return {
      // A balance above what one request may ask is left to staff (it is not a month-end reminder).
      items: balances
        .filter((b) => b.balance <= MAX_REQUEST_AMOUNT)
        .map((b) => ({
          patNum: b.patNum,
          name: fullName(b),
          amount: b.balance,
          customerId: known.get(b.patNum)?.customerId ?? null,
        })),
      problems: [],
    };
  }
  const parsed = parseBulkRequestList(recipients.list);
  const known = await patientsByNumbers(
    ctx.db,
    practice,
    parsed.lines.map((l) => l.patNum),
  );
  const problems = [...parsed.problems];
  const items: NewBulkItem[] = [];
  for (const line of parsed.lines) {
    const patient = known.get(line.patNum);
    if (!patient) {
      problems.push({ line: line.line, reason: `No patient ${line.patNum} in the practice system.` });
      continue;
    }
    items.push({
      patNum: line.patNum,
      name: fullName(patient),
      amount: line.amount,
      customerId: patient.customerId,
    });
  }
  problems.sort((a, b) => a.line - b.line);
  return { items, problems };
}

const patientOf = (item: NewBulkItem): BulkPatient => ({
  patNum: item.patNum,
  name: item.name,
  amount: item.amount,
});
const totalOf = (items: readonly { amount: number }[]) => items.reduce((sum, i) => sum + i.amount, 0);

export async function previewBulkSend(
  ctx: AppContext,
  practice: PracticeId,
  recipients: Recipients,
): Promise<BulkPreview> {
  const { items, problems } = await recipientsOf(ctx, practice, recipients);
  return { patients: items.map(patientOf), count: items.length, total: totalOf(items), problems };
}

/**
 * Starts a send: the run and its items are written, with the audit entry, in one transaction; a run
 * with this key already (the same send again) is answered as it is. The caller then has it worked
 * (bulkWorker.ts). Refused (400, `body.list`) while a line cannot be sent; nothing is written then.
 */
export async function startBulkSend(
  ctx: AppContext,
  practice: PracticeId,
  staff: { userId: number | null; actor: AuditActor },
  input: Recipients & { message: string; idempotencyKey: string },
): Promise<BulkRun> {
  const existing = await findRunByKey(ctx.db, practice, input.idempotencyKey);
  if (existing) return runView(ctx, practice, existing);
  const { items, problems } = await recipientsOf(ctx, practice, input);
  if (problems.length) {
    throw new BadRequestError('body.list', problems.slice(0, 5).map(problemText).join(' '));
  }
  if (items.length === 0) throw new BusinessError('No patient has a balance in the practice system.');
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const created = await insertRun(
      tx,
      practice,
      {
        idempotencyKey: input.idempotencyKey,
        createdByUserId: staff.userId,
        message: input.message,
        created: now,
      },
      items,
    );
    if (created === null) return null;
    const sent = {
      runId: created,
      source: input.source,
      patients: items.length,
      total: totalOf(items),
      message: input.message,
    };
    await recordAudit(
      tx,
      staff.actor,
      {
        action: 'settings.bulkRequests',
        companyId: practice,
        targetType: 'settings',
        targetId: 'bulkRequests',
        ...changedFields({}, sent),
      },
      now,
    );
    return created;
  });
  // Another call with the same key won the insert meanwhile: its run is this send.
  const run =
    id === null
      ? await findRunByKey(ctx.db, practice, input.idempotencyKey)
      : await findRun(ctx.db, practice, id);
  return runView(ctx, practice, run!);
}

/** A run as the panel shows it: how far it is, then what was sent and what was not, and why. */
async function runView(ctx: AppContext, practice: PracticeId, run: BulkRunRecord): Promise<BulkRun> {
  const totals = await itemTotals(ctx.db, practice, run.id);
  const countOf = (status: string) => totals.find((t) => t.status === status)?.n ?? 0;
  const notSent = await itemsNotSent(ctx.db, practice, run.id);
  return {
    id: run.id,
    created: run.created.toISOString(),
    finished: run.finished?.toISOString() ?? null,
    message: run.message,
    count: totals.reduce((n, t) => n + t.n, 0),
    total: totals.reduce((n, t) => n + t.amount, 0),
    sent: countOf('SENT'),
    failed: countOf('FAILED'),
    skipped: countOf('SKIPPED'),
    pending: countOf('PENDING'),
    notSent: notSent.map((item) => ({
      patNum: Number(item.patNum),
      name: item.name,
      amount: item.amount,
      status: item.status as 'FAILED' | 'SKIPPED',
      reason: item.reason ?? '',
    })),
  };
}

/** One run of the practice; another practice's answers as one that does not exist. */
export async function bulkRunView(ctx: AppContext, practice: PracticeId, id: string): Promise<BulkRun> {
  const run = await findRun(ctx.db, practice, id);
  if (!run) throw new NotFoundError('The bulk send');
  return runView(ctx, practice, run);
}

export async function latestBulkRunView(ctx: AppContext, practice: PracticeId): Promise<BulkRun | null> {
  const run = await latestRun(ctx.db, practice);
  return run ? runView(ctx, practice, run) : null;
}
