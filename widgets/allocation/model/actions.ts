/**
 * What happens in the allocation modal, as actions of `allocationReducer`. Each is named after what
 * the person did. Actions that allocate carry the procedures they apply to (server data, kept in
 * SWR, never copied into the state): the lines the table shows (`visibleProcedures`) for FIFO, LIFO
 * and select-all, the line itself for a checkbox or an inline edit.
 */
import type { Procedure } from '../../../embed-sdk/contract/allocation.js';
import type { AllocationOrder, DateFilter, FilterSettings, GroupBy, ListFilter } from './state.js';

/** What the rules read of a procedure: its id, what is due on it, and its day and number (order). */
export type AllocatableLine = Pick<Procedure, 'procedureId' | 'estDue' | 'date' | 'procNum'>;

export type AllocationAction =
  // The filter (section 2's controls). The search is dispatched once it has settled (300 ms).
  | { type: 'searchChanged'; search: string }
  | { type: 'dateFilterChanged'; dateFilter: DateFilter }
  | { type: 'showFamilyChanged'; showFamily: boolean }
  | { type: 'listChanged'; list: ListFilter }
  | { type: 'treatmentPlanToggled'; treatPlanNum: number }
  | { type: 'groupByChanged'; groupBy: GroupBy }
  | { type: 'settingsApplied'; settings: FilterSettings }
  /**
   * Another patient: the filter starts again with the saved settings (section 4), nothing is
   * allocated; with an amount, Apply Amount starts on with it.
   */
  | { type: 'patientChanged'; settings: FilterSettings; amount?: number | null }
  // The amount and its order (sections 4 and 5).
  | { type: 'applyAmountToggled'; on: boolean }
  /**
   * The amount field's committed value in cents (on blur or Enter, not on every key: in FIFO, LIFO
   * and Select a new amount is applied again, over `lines`, the lines shown). Null or 0: no amount.
   */
  | { type: 'amountChanged'; amount: number | null; lines: readonly AllocatableLine[] }
  | { type: 'orderChosen'; order: AllocationOrder; lines: readonly AllocatableLine[] }
  // The Pay checkboxes.
  | { type: 'lineToggled'; line: AllocatableLine }
  | { type: 'allToggled'; lines: readonly AllocatableLine[] }
  // The inline edit of a line's Allocation (NORMAL only); saved with the disk button.
  | { type: 'editOpened'; line: AllocatableLine }
  | { type: 'editChanged'; procedureId: number; text: string }
  | { type: 'editSaved'; line: AllocatableLine }
  | { type: 'editCancelled'; procedureId: number }
  /**
   * The procedures were loaded (again): Refresh Procedures, the Family toggle, another payment.
   * Dispatch it with loaded data only. Lines of procedures no longer listed are dropped, and every
   * line is kept within its procedure's current Est. Due.
   */
  | { type: 'proceduresLoaded'; procedures: readonly AllocatableLine[] }
  // A message from outside the reducer (a refused save: see `prepareSave`), and its dismissal.
  | { type: 'messageShown'; message: string }
  | { type: 'messageDismissed' };
