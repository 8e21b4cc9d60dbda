/**
 * The procedure allocation's model (spec part 2, "Procedure allocation modal", sections 3 to 5 and
 * 9): pure TypeScript, no React, no I/O but the filter settings' local storage.
 *
 * - state.ts: the state, its defaults and the modes;
 * - actions.ts and reducer.ts: the modes as a state machine, `allocationReducer(state, action)`;
 * - selectors.ts: what a line and the footer read (total, checkboxes, inline edit);
 * - filtering.ts and grouping.ts: the lines shown, their groups and subtotals, the plan list;
 * - amounts.ts: dollars to cents, and an amount spread in an order (FIFO, LIFO, Select);
 * - payload.ts: what a save sends, and the checks before it;
 * - settings.ts: Save Filter Settings.
 *
 * A render that follows a mode change: `allocationReducer` (O(n log n) at worst, for FIFO and LIFO),
 * then `subtotals` per group and the line selectors (O(1) each). `visibleProcedures` and
 * `groupProcedures` do not depend on the mode: memoize them on their arguments.
 *
 * Wiring, in short (the procedures come from SWR; nothing here fetches):
 *
 *   const [state, dispatch] = useReducer(allocationReducer, { settings: readFilterSettings(), amount }, initialAllocationState);
 *   const shown = useMemo(() => visibleProcedures(procedures, state, patientKey), [procedures, state.search, …]);
 *   useEffect(() => dispatch({ type: 'proceduresLoaded', procedures }), [procedures]);   // loaded data only
 *   useEffect(() => dispatch({ type: 'patientChanged', settings: readFilterSettings() }), [patientKey]);
 *   FIFO:  dispatch({ type: 'orderChosen', order: 'FIFO', lines: shown });
 *   Save:  const save = prepareSave(state, procedures);
 *          save.ok ? post(save.procedures) : dispatch({ type: 'messageShown', message: save.message });
 *   Save Filter Settings: writeFilterSettings(filterSettingsOf(state)) ? MODEL_TEXT.filterSettingsSaved : …
 */
export type { AllocatableLine, AllocationAction } from './actions.js';
export {
  allocateInOrder,
  inPaymentOrder,
  newestFirst,
  oldestFirst,
  parseAllocationAmount,
  type DueLine,
  type ParsedAmount,
} from './amounts.js';
export {
  inList,
  isCompleted,
  isTreatmentPlanned,
  matchesSearch,
  searchWords,
  visibleProcedures,
  type ProcedureFilter,
} from './filtering.js';
export {
  groupProcedures,
  subtotals,
  treatmentPlanRows,
  treatmentPlanStatusText,
  type GroupingOptions,
  type ProcedureGroup,
  type Subtotals,
  type TreatmentPlanRow,
} from './grouping.js';
export {
  MAX_LINES_PER_SAVE,
  allocationPayload,
  associateTotalProblem,
  prepareSave,
  type AllocationPayload,
  type PreparedSave,
} from './payload.js';
export { allocationReducer } from './reducer.js';
export {
  allocationTotal,
  amountLeft,
  canAllocate,
  canEditLine,
  canToggleLine,
  checkboxMode,
  hasEnteredAmounts,
  hasOpenEdit,
  inlineEditAllowed,
  isTicked,
  lineAmount,
  lineCheckboxAllowed,
  lineEditAllowed,
  pendingAmount,
  selectAllCheckbox,
  type CheckboxMode,
  type SelectAllCheckbox,
} from './selectors.js';
export { FILTER_SETTINGS_KEY, readFilterSettings, writeFilterSettings } from './settings.js';
export {
  ALLOCATION_MODES,
  DEFAULT_FILTER_SETTINGS,
  filterSettingsOf,
  initialAllocationState,
  isApplyingAmount,
  type AllocationMode,
  type AllocationOrder,
  type AllocationState,
  type DateFilter,
  type FilterSettings,
  type GroupBy,
  type LineAllocation,
  type ListFilter,
} from './state.js';
