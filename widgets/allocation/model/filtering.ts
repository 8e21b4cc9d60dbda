/**
 * The lines the table shows (spec part 2, "Procedure allocation modal"): the list filter and the
 * treatment plans chosen, 'Latest' or 'All Dates', the Family toggle, then the search phrase.
 * O(n) in the procedures; memoize on (procedures, the filter's fields): the search text of each
 * procedure is built once per procedure object and kept.
 */
import type { Procedure } from '../../../embed-sdk/contract/allocation.js';
import type { AllocationState } from './state.js';

export type ProcedureFilter = Pick<
  AllocationState,
  'search' | 'dateFilter' | 'list' | 'selectedTreatmentPlans' | 'showFamily'
>;

/** A completed procedure ('C'); 'TP' is treatment-planned. */
export const isCompleted = (p: Pick<Procedure, 'procStatus'>) => p.procStatus === 'C';
export const isTreatmentPlanned = (p: Pick<Procedure, 'procStatus'>) => p.procStatus === 'TP';

/**
 * The list filter and the plans chosen: Completed shows completed procedures; Treatment Plans the
 * treatment-planned ones, of the chosen plans when some are chosen; All both (the chosen plans
 * narrow its treatment-planned part the same way).
 */
export function inList(p: Procedure, list: ProcedureFilter['list'], plans: ReadonlySet<number>): boolean {
  if (isCompleted(p)) return list !== 'Treatment Plans';
  if (list === 'Completed') return false;
  if (!isTreatmentPlanned(p)) return list === 'All';
  return plans.size === 0 || (p.treatPlanNum !== null && plans.has(p.treatPlanNum));
}

const searchTexts = new WeakMap<Procedure, string>();

/** What the search box looks in: code, description, tooth, provider and the patient's name. */
function searchTextOf(p: Procedure): string {
  let text = searchTexts.get(p);
  if (text === undefined) {
    text = [p.procCode, p.procedureDescription, p.tooth, p.provider, p.firstName, p.lastName]
      .join('\u0000')
      .toLocaleLowerCase();
    searchTexts.set(p, text);
  }
  return text;
}

/** The phrase's words, lower case: a line matches when it contains every word (in any field). */
export function searchWords(search: string): string[] {
  return search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesSearch(p: Procedure, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = searchTextOf(p);
  return words.every((word) => text.includes(word));
}

/**
 * 'Latest': for each patient, the most recent day on which something is still due on one of their
 * procedures (in the list chosen), with every procedure of that day. That is the visit the front
 * desk is collecting for; a later visit that is paid in full is not what they are looking for, and
 * with the family shown each patient's own last visit counts, not only the family's newest. A
 * patient with nothing due has no latest day. The search narrows within those days, so typing does
 * not move the table to another day.
 */
function latestDays(procedures: readonly Procedure[]): Map<number, string> {
  const latest = new Map<number, string>();
  for (const p of procedures) {
    if (p.estDue <= 0) continue;
    const day = latest.get(p.patientKey);
    if (day === undefined || p.date > day) latest.set(p.patientKey, p.date);
  }
  return latest;
}

/**
 * The procedures the table shows, in the order given. Without the Family toggle only the patient's
 * own (`patientKey`), whatever the list holds, so the widget may keep the family's list loaded.
 */
export function visibleProcedures(
  procedures: readonly Procedure[],
  filter: ProcedureFilter,
  patientKey: number,
): Procedure[] {
  const listed = procedures.filter(
    (p) =>
      (filter.showFamily || p.patientKey === patientKey) &&
      inList(p, filter.list, filter.selectedTreatmentPlans),
  );
  const words = searchWords(filter.search);
  if (filter.dateFilter === 'All Dates')
    return words.length === 0 ? listed : listed.filter((p) => matchesSearch(p, words));
  const latest = latestDays(listed);
  return listed.filter((p) => latest.get(p.patientKey) === p.date && matchesSearch(p, words));
}
