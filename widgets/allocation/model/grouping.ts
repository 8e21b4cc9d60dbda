/**
 * The table's groups (spec part 2, "Procedure allocation modal": by date, treatment plan or patient)
 * and their subtotals, and the treatment plan list's rows. Grouping is O(n log n) in the lines shown
 * and depends on them and on the grouping only, so a mode change (which changes the allocations,
 * not the lines) regroups nothing; subtotals are O(n) and read the allocations.
 */
import type { Procedure, TreatmentPlan } from '../../../embed-sdk/contract/allocation.js';
import { formatDate } from '../../../embed-sdk/format/date.js';
import { GROUP_TEXT, TREATMENT_PLAN_STATUS_TEXT } from '../texts.js';
import type { GroupBy, LineAllocation } from './state.js';

export interface ProcedureGroup {
  /** Unique among the groups: a React key. */
  key: string;
  kind: GroupBy;
  /** A date group's MM/DD/YYYY, a plan's heading, a patient's name. */
  heading: string;
  /** The group's day (YYYY-MM-DD): the procedures' day, or the plan's; null for a patient. */
  date: string | null;
  /** A treatment plan's note and status text (0 Saved, 1 Active, 2 Inactive, other values raw). */
  note: string | null;
  status: string | null;
  procedures: Procedure[];
}

/** A treatment plan's status as shown: the spec's three names, any other value as it is. */
export function treatmentPlanStatusText(tpStatus: number | null): string {
  if (tpStatus === null) return '';
  return TREATMENT_PLAN_STATUS_TEXT[tpStatus] ?? String(tpStatus);
}

/** Within a group: newest first, procedures of one day in the order they were entered. */
function newestDayFirst(a: Procedure, b: Procedure): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.procNum - b.procNum;
}

const fullName = (p: Pick<Procedure, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`.trim();

function bucket<K>(procedures: readonly Procedure[], keyOf: (p: Procedure) => K): Map<K, Procedure[]> {
  const buckets = new Map<K, Procedure[]>();
  for (const p of procedures) {
    const key = keyOf(p);
    const list = buckets.get(key);
    if (list) list.push(p);
    else buckets.set(key, [p]);
  }
  for (const list of buckets.values()) list.sort(newestDayFirst);
  return buckets;
}

export interface GroupingOptions {
  /** The treatment plans (the `treatmentplans` call): a plan's heading, day, note and status. */
  treatmentPlans?: readonly TreatmentPlan[];
  /** The patient the modal is for: their group comes first when grouping by patient. */
  patientKey?: number;
}

/**
 * The lines shown, grouped:
 * - by date: newest day first;
 * - by treatment plan: the procedures on no plan (completed work, what is usually being paid) first,
 *   then the plans in the order of `treatmentPlans` (the call answers newest first), then any plan
 *   it does not list, newest first, named from the procedures' own plan fields;
 * - by patient: the modal's patient first, then the family by last and first name.
 */
export function groupProcedures(
  shown: readonly Procedure[],
  groupBy: GroupBy,
  options: GroupingOptions = {},
): ProcedureGroup[] {
  switch (groupBy) {
    case 'date':
      return [...bucket(shown, (p) => p.date)]
        .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
        .map(([date, procedures]) => ({
          key: `date:${date}`,
          kind: 'date',
          heading: formatDate(date),
          date,
          note: null,
          status: null,
          procedures,
        }));

    case 'patient': {
      const groups = [...bucket(shown, (p) => p.patientKey)].map(([patientKey, procedures]) => ({
        patientKey,
        group: {
          key: `patient:${patientKey}`,
          kind: 'patient' as const,
          heading: fullName(procedures[0]!),
          date: null,
          note: null,
          status: null,
          procedures,
        },
        sortName: `${procedures[0]!.lastName}\u0000${procedures[0]!.firstName}`.toLocaleLowerCase(),
      }));
      groups.sort((a, b) => {
        if (a.patientKey === options.patientKey) return -1;
        if (b.patientKey === options.patientKey) return 1;
        return a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : a.patientKey - b.patientKey;
      });
      return groups.map((g) => g.group);
    }

    case 'treatmentPlan': {
      const buckets = bucket(shown, (p) => p.treatPlanNum);
      const groups: ProcedureGroup[] = [];
      const noPlan = buckets.get(null);
      if (noPlan) {
        groups.push({
          key: 'plan:none',
          kind: 'treatmentPlan',
          heading: GROUP_TEXT.noTreatmentPlan,
          date: null,
          note: null,
          status: null,
          procedures: noPlan,
        });
        buckets.delete(null);
      }
      for (const plan of options.treatmentPlans ?? []) {
        const procedures = buckets.get(plan.treatPlanNum);
        if (!procedures) continue;
        buckets.delete(plan.treatPlanNum);
        groups.push({
          key: `plan:${plan.treatPlanNum}`,
          kind: 'treatmentPlan',
          heading: plan.tpHeading,
          date: plan.dateTP,
          note: plan.note,
          status: treatmentPlanStatusText(plan.tpStatus),
          procedures,
        });
      }
      const unlisted = [...buckets].map(([treatPlanNum, procedures]) => {
        const first = procedures[0]!;
        return {
          key: `plan:${treatPlanNum}`,
          kind: 'treatmentPlan' as const,
          heading: first.tpHeading ?? '',
          date: first.dateTP,
          note: null,
          status: treatmentPlanStatusText(first.tpStatus),
          procedures,
        };
      });
      unlisted.sort((a, b) =>
        (a.date ?? '') < (b.date ?? '') ? 1 : (a.date ?? '') > (b.date ?? '') ? -1 : 0,
      );
      return [...groups, ...unlisted];
    }
  }
}

/** A group's (or the whole table's) sums, in cents: the table's money columns. */
export interface Subtotals {
  fee: number;
  paid: number;
  paymentPlan: number;
  insurance: number;
  adjustment: number;
  estDue: number;
  allocation: number;
}

export function subtotals(
  procedures: readonly Procedure[],
  lines: ReadonlyMap<number, LineAllocation>,
): Subtotals {
  const sums: Subtotals = {
    fee: 0,
    paid: 0,
    paymentPlan: 0,
    insurance: 0,
    adjustment: 0,
    estDue: 0,
    allocation: 0,
  };
  for (const p of procedures) {
    sums.fee += p.originalAmount;
    sums.paid += p.customerOutOfPocketPaidToDate;
    sums.paymentPlan += p.paymentPlanPending;
    sums.insurance += p.insurance;
    sums.adjustment += p.procAdjustment;
    sums.estDue += p.estDue;
    sums.allocation += lines.get(p.procedureId)?.amountToPay ?? 0;
  }
  return sums;
}

/** A row of the treatment plan list (spec: heading, date, note, status, and its selection flag). */
export interface TreatmentPlanRow {
  treatPlanNum: number;
  heading: string;
  date: string;
  note: string;
  status: string;
  isSelected: boolean;
}

export function treatmentPlanRows(
  plans: readonly TreatmentPlan[],
  selected: ReadonlySet<number>,
): TreatmentPlanRow[] {
  return plans.map((plan) => ({
    treatPlanNum: plan.treatPlanNum,
    heading: plan.tpHeading,
    date: plan.dateTP,
    note: plan.note,
    status: treatmentPlanStatusText(plan.tpStatus),
    isSelected: selected.has(plan.treatPlanNum),
  }));
}
