/**
 * The rules the schedule table needs (part 2, "Payment plan schedule table" and section 5). Pure:
 * rows and today in, labels and bounds out.
 *
 * The server says what each row allows (`actions`) and the date picker's bounds (`minDate`,
 * `maxDate`) from the same rules it enforces; this module adds the caller's permission, the labels
 * and the checks made before a change is sent (a line's surcharge is embed-sdk/rules' lineSurcharge).
 */
import dayjs from 'dayjs';
import type { PaymentPlan, PaymentPlanDetail } from '../../../embed-sdk/contract/paymentPlan.js';
import { relativeTime } from '../../../embed-sdk/format/index.js';
import { isMoneyZeroOk, parseMoneyToCents, validationMessages } from '../../../embed-sdk/validation/index.js';
import type { PlanPermissions } from './permissions.js';
import { SCHEDULE_TEXT } from './texts.js';

const AMOUNT_FIELD = 'Amount';

/** 'Down Payment' or 'Cycle 3': how a row is named in menus and messages. */
export function rowName(detail: Pick<PaymentPlanDetail, 'cycle' | 'isDownPayment'>): string {
  return detail.isDownPayment ? SCHEDULE_TEXT.downPayment : SCHEDULE_TEXT.cycleLabel(detail.cycle);
}

/** The date's subtitle: 'Completed' once processed, 'Processing Today' on its day, else how far off it is. */
export function dateSubtitle(
  detail: Pick<PaymentPlanDetail, 'billingDate' | 'processedToLedger'>,
  today: string,
): string {
  if (detail.processedToLedger) return SCHEDULE_TEXT.completed;
  if (detail.billingDate === today) return SCHEDULE_TEXT.processingToday;
  return relativeTime(detail.billingDate, today);
}

export type Outcome = 'paid' | 'declined' | 'skipped' | null;

/** What became of a processed row (null while it is scheduled). */
export function outcomeOf(detail: Pick<PaymentPlanDetail, 'processedToLedger' | 'disposition'>): Outcome {
  if (!detail.processedToLedger) return null;
  if (detail.disposition === 'DECLINED') return 'declined';
  if (detail.disposition === 'SKIPPED') return 'skipped';
  return 'paid';
}

/** The spec's next scheduled payment: the first row not processed with an amount due above 0. */
export function nextScheduled(details: readonly PaymentPlanDetail[]): PaymentPlanDetail | null {
  return details.find((d) => !d.processedToLedger && d.amountDue > 0) ?? null;
}

/** The unprocessed row after this one (where 'Skip and Add to Next Cycle' puts the amount). */
export function nextOpenRow(
  details: readonly PaymentPlanDetail[],
  detail: PaymentPlanDetail,
): PaymentPlanDetail | null {
  const at = details.findIndex((d) => d.id === detail.id);
  return details.slice(at + 1).find((d) => !d.processedToLedger) ?? null;
}

/** The last unprocessed row (where 'Skip and Add to Last Cycle' puts the amount). */
export function lastOpenRow(details: readonly PaymentPlanDetail[]): PaymentPlanDetail | null {
  return details.findLast((d) => !d.processedToLedger) ?? null;
}

export type ScheduleAction = 'edit' | 'processNow' | 'makePayment' | 'NEXT' | 'LAST' | 'MOVEEND';

/**
 * The row's action menu: only on unprocessed rows of an active plan, only for EDITPAYMENTPLANS.
 * Edit; Process Payment on the next scheduled payment of a card plan; the three skips when the
 * row is not the last and has something due. A cash plan's next payment offers Make a Payment
 * instead (taken at the desk), when the modal gives a way to make one.
 */
export function rowActions(
  plan: Pick<PaymentPlan, 'status' | 'isCash' | 'paymentPlanDetails'>,
  detail: PaymentPlanDetail,
  permissions: PlanPermissions,
  options: { canMakePayment?: boolean } = {},
): ScheduleAction[] {
  if (!permissions.canEdit || plan.status !== 'ACTIVE' || detail.processedToLedger) return [];
  const actions: ScheduleAction[] = [];
  if (detail.actions.edit) actions.push('edit');
  const isNext = nextScheduled(plan.paymentPlanDetails)?.id === detail.id;
  if (detail.actions.processNow && !plan.isCash && detail.amountDue > 0 && isNext) {
    actions.push('processNow');
  }
  if (plan.isCash && isNext && options.canMakePayment) actions.push('makePayment');
  if (detail.actions.skip && detail.amountDue > 0) actions.push('NEXT', 'LAST', 'MOVEEND');
  return actions;
}

export interface DateBounds {
  min: string | null;
  max: string | null;
}

/**
 * The date picker's bounds (part 2, section 5), as the server enforces them: from tomorrow for the
 * first unprocessed row, from the previous line's date for the others; up to the next line's date.
 * With the remaining cycles updated they move along, so there is no upper bound.
 */
export function dateBounds(
  detail: Pick<PaymentPlanDetail, 'minDate' | 'maxDate'>,
  updateRemaining: boolean,
): DateBounds {
  return { min: detail.minDate, max: updateRemaining ? null : detail.maxDate };
}

export interface ScheduleEdit {
  billingDate: string;
  /** As typed (dollars). */
  amount: string;
  updateRemaining: boolean;
}

export type EditProblems = Partial<Record<'billingDate' | 'amount', string>>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why an edit cannot be saved (empty when it can). The date is checked only when it changed. */
export function editProblems(edit: ScheduleEdit, detail: PaymentPlanDetail): EditProblems {
  const problems: EditProblems = {};
  const amount = edit.amount.trim();
  if (amount === '') problems.amount = SCHEDULE_TEXT.amountRequired;
  else if (!isMoneyZeroOk(amount)) problems.amount = validationMessages.money(AMOUNT_FIELD);

  if (!ISO_DATE.test(edit.billingDate) || !dayjs(edit.billingDate).isValid()) {
    problems.billingDate = SCHEDULE_TEXT.dateRequired;
  } else if (edit.billingDate !== detail.billingDate) {
    const { min, max } = dateBounds(detail, edit.updateRemaining);
    if ((min !== null && edit.billingDate < min) || (max !== null && edit.billingDate > max)) {
      problems.billingDate = SCHEDULE_TEXT.dateRange(min ?? edit.billingDate, max);
    }
  }
  return problems;
}

/** The amount being typed in cents, or null while it is not money. */
export function typedCents(amount: string): number | null {
  return parseMoneyToCents(amount);
}
