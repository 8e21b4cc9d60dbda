/**
 * The allocation modal's state (spec part 2, section 3, "Allocation state", and section 4's modes).
 * UI state only: the procedures and treatment plans are server data and stay in SWR; an action that
 * needs them carries them (see actions.ts).
 *
 * Money is integer cents here; the amount field and the inline edit take dollars with 2 decimals
 * (section 9) and become cents through `parseAllocationAmount` (amounts.ts).
 */

/**
 * Section 4's modes:
 * - NORMAL: Apply Amount is off; lines are ticked (their whole Est. Due) or edited inline.
 * - WAITING_AMOUNT: Apply Amount is on, waiting for an amount and an order.
 * - FIFO / LIFO: the amount is spread over the lines oldest / newest first.
 * - SELECT: the amount goes to the lines ticked, in the order they are ticked.
 * - SELECT_FINISHED: the ticked lines take the whole amount; only they can be unticked (back to SELECT).
 */
export type AllocationMode = 'NORMAL' | 'WAITING_AMOUNT' | 'FIFO' | 'LIFO' | 'SELECT' | 'SELECT_FINISHED';
export const ALLOCATION_MODES: readonly AllocationMode[] = [
  'NORMAL',
  'WAITING_AMOUNT',
  'FIFO',
  'LIFO',
  'SELECT',
  'SELECT_FINISHED',
];

/** The orders an amount is applied in, chosen once Apply Amount is on. */
export type AllocationOrder = 'FIFO' | 'LIFO' | 'SELECT';

/** 'Latest' / 'All Dates' (the spec's groupByKey). What Latest means: filtering.ts. */
export type DateFilter = 'Latest' | 'All Dates';

/** The list filter (the spec's list): completed procedures, treatment-planned ones, or both. */
export type ListFilter = 'Completed' | 'Treatment Plans' | 'All';

/** How the table is grouped (the spec's groupByComponent). */
export type GroupBy = 'date' | 'treatmentPlan' | 'patient';

/**
 * One procedure's allocation (the spec's amountToPay, amountToPayTemp and editAmountToPay). A line
 * is in `AllocationState.lines` only while it has an amount or an open inline edit.
 */
export interface LineAllocation {
  /** What this payment puts on the procedure, in cents (0 until it is ticked or edited). */
  amountToPay: number;
  /**
   * The procedure's Est. Due when the amount was set: the cap a line never goes above. The
   * `proceduresLoaded` action brings it up to date when the procedures are loaded again.
   */
  estDue: number;
  /**
   * The inline edit's text as typed (dollars), or null while no edit is open. An edit is open
   * exactly when this is not null, so the two cannot disagree.
   */
  pendingAmount: string | null;
}

/** The filter settings kept in local storage (section 4: showFamily, groupByKey, list, groupByComponent). */
export interface FilterSettings {
  showFamily: boolean;
  dateFilter: DateFilter;
  list: ListFilter;
  groupBy: GroupBy;
}

export interface AllocationState {
  /** The search box's phrase (the widget debounces it by 300 ms before dispatching). */
  search: string;
  /**
   * The amount to allocate in cents, or null while the field is empty. Whether Apply Amount is on
   * is not stored beside it: it is on in every mode but NORMAL (`isApplyingAmount`).
   */
  amount: number | null;
  dateFilter: DateFilter;
  showFamily: boolean;
  list: ListFilter;
  /**
   * The treatment plans chosen in the plan list (treatPlanNum). Empty shows every plan. They are
   * remembered while the list filter shows completed procedures only, and apply again when plans
   * are shown again.
   */
  selectedTreatmentPlans: ReadonlySet<number>;
  groupBy: GroupBy;
  mode: AllocationMode;
  /**
   * Each allocated or edited line by procedureId. A Map keeps insertion order, which is the order
   * lines were ticked: SELECT gives the amount to them in that order when the amount changes.
   */
  lines: ReadonlyMap<number, LineAllocation>;
  /** A refusal or notice for the widget to show (the texts of section 5), or null. */
  message: string | null;
}

export const DEFAULT_FILTER_SETTINGS: FilterSettings = {
  showFamily: false,
  dateFilter: 'Latest',
  list: 'All',
  groupBy: 'date',
};

const NO_LINES: ReadonlyMap<number, LineAllocation> = new Map();
const NO_PLANS: ReadonlySet<number> = new Set();

/**
 * The state a modal opens with: the spec's defaults (list All, Latest, grouped by date, NORMAL),
 * with the saved filter settings applied. Opened with an amount (a payment to allocate), Apply
 * Amount starts on with that amount, waiting for an order.
 */
export function initialAllocationState(
  options: { settings?: FilterSettings; amount?: number | null } = {},
): AllocationState {
  const settings = options.settings ?? DEFAULT_FILTER_SETTINGS;
  const amount =
    options.amount !== undefined && options.amount !== null && options.amount > 0 ? options.amount : null;
  return {
    search: '',
    amount,
    dateFilter: settings.dateFilter,
    showFamily: settings.showFamily,
    list: settings.list,
    selectedTreatmentPlans: NO_PLANS,
    groupBy: settings.groupBy,
    mode: amount === null ? 'NORMAL' : 'WAITING_AMOUNT',
    lines: NO_LINES,
    message: null,
  };
}

/** Apply Amount is on in every mode but NORMAL. */
export function isApplyingAmount(state: Pick<AllocationState, 'mode'>): boolean {
  return state.mode !== 'NORMAL';
}

/** The filter settings of a state, as Save Filter Settings keeps them. */
export function filterSettingsOf(state: AllocationState): FilterSettings {
  return {
    showFamily: state.showFamily,
    dateFilter: state.dateFilter,
    list: state.list,
    groupBy: state.groupBy,
  };
}
