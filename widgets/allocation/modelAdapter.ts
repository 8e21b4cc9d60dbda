/**
 * Where the allocation's model plugs into the screens: the one file the screens import the model
 * through. The model (widgets/allocation/model/: the spec's Allocation state, the modes NORMAL,
 * WAITING_AMOUNT, FIFO, LIFO, SELECT and SELECT_FINISHED with section 5's rules and messages, the
 * grouping and filtering, the payload and the saved filter settings) is being written beside the
 * screens; until it is merged, this file holds the state's shape the screens are written against
 * and an interim reducer for what the screens need to be used at all (filters, toggles, NORMAL's
 * checkboxes and inline edit). It distributes no amount: FIFO, LIFO and Select are the model's, and
 * choosing one only records the mode here. On merge, `allocationReducer`, the selectors and the
 * settings functions below become re-exports of the model's (mapping names where they differ).
 */
import type { Procedure, TreatmentPlan } from '../../embed-sdk/contract/allocation.js';
import type { AssociateProcedure } from '../../embed-sdk/contract/transaction.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { MODEL_TEXT, SCREEN_TEXT } from './texts.js';

export type AllocationMode = 'NORMAL' | 'WAITING_AMOUNT' | 'FIFO' | 'LIFO' | 'SELECT' | 'SELECT_FINISHED';
export type AllocationOrder = 'FIFO' | 'LIFO' | 'SELECT';
export type DateFilter = 'LATEST' | 'ALL_DATES';
export type ListFilter = 'COMPLETED' | 'TREATMENT_PLANS' | 'ALL';
export type GroupBy = 'date' | 'treatmentPlan' | 'patient';

/** What is kept in local storage by Save Filter Settings (spec part 2, section 4). */
export interface FilterSettings {
  showFamily: boolean;
  groupBy: GroupBy;
  list: ListFilter;
  dateFilter: DateFilter;
}

/** One procedure's allocation: its amount (cents) and, while its inline edit is open, what was typed. */
export interface LineAllocation {
  amountToPay: number;
  /** The inline edit's amount in cents (null: typed text is not money), or undefined when closed. */
  pending?: number | null;
}

export interface AllocationState extends FilterSettings {
  searchPhrase: string;
  applyAmount: boolean;
  /** The amount to allocate, in cents (the field takes dollars), or null while none is entered. */
  amount: number | null;
  selectedPlans: readonly number[];
  mode: AllocationMode;
  /** By procedureId; a procedure absent here has nothing allocated. */
  lines: Readonly<Record<number, LineAllocation>>;
  /** A refusal to show (one of the spec's messages), until the next action. */
  message: string | null;
}

export type AllocationAction =
  | { type: 'search'; phrase: string }
  | { type: 'dateFilter'; value: DateFilter }
  | { type: 'list'; value: ListFilter }
  | { type: 'showFamily'; value: boolean }
  | { type: 'groupBy'; value: GroupBy }
  | { type: 'togglePlan'; treatPlanNum: number }
  | { type: 'applyAmount'; value: boolean }
  | { type: 'amount'; cents: number | null }
  | { type: 'order'; order: AllocationOrder; procedures: readonly Procedure[] }
  | { type: 'toggleLine'; procedure: Procedure; procedures: readonly Procedure[] }
  | { type: 'selectAll'; procedures: readonly Procedure[] }
  | { type: 'startEdit'; procedure: Procedure }
  | { type: 'editAmount'; procedureId: number; cents: number | null }
  | { type: 'saveEdit'; procedure: Procedure }
  | { type: 'dismissMessage' }
  | { type: 'patientChanged'; settings: FilterSettings };

export const DEFAULT_SETTINGS: FilterSettings = {
  showFamily: false,
  groupBy: 'date',
  list: 'ALL',
  dateFilter: 'LATEST',
};

export function initialAllocationState(settings: FilterSettings = DEFAULT_SETTINGS): AllocationState {
  return {
    ...settings,
    searchPhrase: '',
    applyAmount: false,
    amount: null,
    selectedPlans: [],
    mode: 'NORMAL',
    lines: {},
    message: null,
  };
}

// ── Selectors ─────────────────────────────────────────────────────────────────────────────────

export const amountOf = (state: AllocationState, procedureId: number): number =>
  state.lines[procedureId]?.amountToPay ?? 0;

export const isEditing = (state: AllocationState, procedureId: number): boolean =>
  state.lines[procedureId]?.pending !== undefined;

export const hasOpenEdit = (state: AllocationState): boolean =>
  Object.values(state.lines).some((line) => line.pending !== undefined);

/** Section 5: checkboxes in NORMAL without Apply Amount, in SELECT, and in SELECT_FINISHED for lines already chosen. */
export function canCheck(state: AllocationState, procedureId: number): boolean {
  if (state.mode === 'NORMAL') return !state.applyAmount;
  if (state.mode === 'SELECT') return true;
  if (state.mode === 'SELECT_FINISHED') return amountOf(state, procedureId) > 0;
  return false;
}

/** Section 5: inline edit only in NORMAL without Apply Amount. */
export const canEdit = (state: AllocationState): boolean => state.mode === 'NORMAL' && !state.applyAmount;

export function allocationTotal(state: AllocationState): number {
  let total = 0;
  for (const line of Object.values(state.lines)) total += line.amountToPay;
  return total;
}

/** The lines above 0 as the contract's associate procedures (cents). */
export function allocationPayload(
  state: AllocationState,
  procedures: readonly Procedure[],
): AssociateProcedure[] {
  return procedures
    .filter((p) => amountOf(state, p.procedureId) > 0)
    .map((p) => ({
      procStatus: p.procStatus,
      patientKey: p.patientKey,
      procedureLogCodeNum: p.procNum,
      amount: amountOf(state, p.procedureId),
    }));
}

/** Allocate Procedures: refused with the spec's message while an inline edit is open. */
export function saveRefusal(state: AllocationState): string | null {
  return hasOpenEdit(state) ? MODEL_TEXT.unsavedEdit : null;
}

export interface ProcedureGroup {
  key: string;
  label: string;
  /** A treatment plan's group: its note and status beside the heading. */
  detail?: string;
  procedures: Procedure[];
}

const byDateThenCode = (a: Procedure, b: Procedure) =>
  b.date.localeCompare(a.date) || a.procCode.localeCompare(b.procCode) || a.procedureId - b.procedureId;

/**
 * The procedures shown, in groups (interim: the model's grouping replaces it). Latest is the most
 * recent day with a procedure due among those the other filters leave.
 */
export type ShownFilters = Pick<
  AllocationState,
  'searchPhrase' | 'list' | 'selectedPlans' | 'dateFilter' | 'groupBy'
>;

export function visibleGroups(
  state: ShownFilters,
  procedures: readonly Procedure[],
  plans: readonly TreatmentPlan[],
): ProcedureGroup[] {
  const phrase = state.searchPhrase.trim().toLowerCase();
  let shown = procedures.filter((p) => {
    if (state.list === 'COMPLETED' && p.procStatus !== 'C') return false;
    if (state.list === 'TREATMENT_PLANS' && p.treatPlanNum === null) return false;
    if (state.selectedPlans.length > 0 && !state.selectedPlans.includes(p.treatPlanNum ?? -1)) return false;
    if (!phrase) return true;
    return [p.procCode, p.procedureDescription, p.tooth, p.provider, `${p.firstName} ${p.lastName}`].some(
      (text) => text.toLowerCase().includes(phrase),
    );
  });
  if (state.dateFilter === 'LATEST' && shown.length > 0) {
    const latest = shown.reduce((max, p) => (p.date > max ? p.date : max), shown[0]!.date);
    shown = shown.filter((p) => p.date === latest);
  }
  shown.sort(byDateThenCode);
  const groups = new Map<string, ProcedureGroup>();
  const planOf = new Map(plans.map((plan) => [plan.treatPlanNum, plan]));
  for (const p of shown) {
    let key: string;
    let label: string;
    let detail: string | undefined;
    if (state.groupBy === 'date') {
      key = p.date;
      label = formatDate(p.date);
    } else if (state.groupBy === 'patient') {
      key = String(p.patientKey);
      label = `${p.firstName} ${p.lastName}`;
    } else {
      const plan = p.treatPlanNum === null ? undefined : planOf.get(p.treatPlanNum);
      key = String(p.treatPlanNum ?? 'none');
      label = plan?.tpHeading ?? p.tpHeading ?? SCREEN_TEXT.noPlan;
      detail = plan
        ? [formatDate(plan.dateTP), SCREEN_TEXT.planStatus(plan.tpStatus), plan.note]
            .filter(Boolean)
            .join(' · ')
        : undefined;
    }
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, label, detail, procedures: [] }));
    group.procedures.push(p);
  }
  return [...groups.values()];
}

// ── The reducer (interim: the model's replaces it) ────────────────────────────────────────────

function withLine(state: AllocationState, procedureId: number, line: LineAllocation | null): AllocationState {
  const lines = { ...state.lines };
  if (line === null || (line.amountToPay === 0 && line.pending === undefined)) delete lines[procedureId];
  else lines[procedureId] = line;
  return { ...state, lines, message: null };
}

export function allocationReducer(state: AllocationState, action: AllocationAction): AllocationState {
  switch (action.type) {
    case 'search':
      return { ...state, searchPhrase: action.phrase, message: null };
    case 'dateFilter':
      return { ...state, dateFilter: action.value, message: null };
    case 'list':
      return { ...state, list: action.value, message: null };
    case 'showFamily':
      return { ...state, showFamily: action.value, message: null };
    case 'groupBy':
      return { ...state, groupBy: action.value, message: null };
    case 'togglePlan': {
      const selected = state.selectedPlans.includes(action.treatPlanNum)
        ? state.selectedPlans.filter((n) => n !== action.treatPlanNum)
        : [...state.selectedPlans, action.treatPlanNum];
      return { ...state, selectedPlans: selected, message: null };
    }
    case 'applyAmount':
      return {
        ...state,
        applyAmount: action.value,
        mode: action.value ? 'WAITING_AMOUNT' : 'NORMAL',
        lines: {},
        message: null,
      };
    case 'amount':
      return { ...state, amount: action.cents, message: null };
    case 'order':
      if (!state.amount || state.amount <= 0) return { ...state, message: MODEL_TEXT.enterAmount };
      // The distribution over the procedures is the model's (wip/al-b).
      return { ...state, mode: action.order, message: null };
    case 'toggleLine': {
      if (!canCheck(state, action.procedure.procedureId) || state.mode !== 'NORMAL') return state;
      const id = action.procedure.procedureId;
      return withLine(state, id, { amountToPay: amountOf(state, id) > 0 ? 0 : action.procedure.estDue });
    }
    case 'selectAll': {
      if (state.mode !== 'NORMAL' || state.applyAmount) return state;
      const all = action.procedures.every((p) => amountOf(state, p.procedureId) > 0);
      const lines = { ...state.lines };
      for (const p of action.procedures) {
        if (all) delete lines[p.procedureId];
        else lines[p.procedureId] = { amountToPay: p.estDue };
      }
      return { ...state, lines, message: null };
    }
    case 'startEdit':
      if (!canEdit(state)) return state;
      return withLine(state, action.procedure.procedureId, {
        amountToPay: amountOf(state, action.procedure.procedureId),
        pending: amountOf(state, action.procedure.procedureId),
      });
    case 'editAmount': {
      const line = state.lines[action.procedureId];
      if (!line || line.pending === undefined) return state;
      return withLine(state, action.procedureId, { ...line, pending: action.cents });
    }
    case 'saveEdit': {
      const id = action.procedure.procedureId;
      const pending = state.lines[id]?.pending;
      if (pending === undefined || pending === null) return state;
      return withLine(state, id, { amountToPay: Math.min(Math.max(pending, 0), action.procedure.estDue) });
    }
    case 'dismissMessage':
      return { ...state, message: null };
    case 'patientChanged':
      return initialAllocationState(action.settings);
  }
}

// ── Saved filter settings (interim: the model's replace them) ─────────────────────────────────

export const SETTINGS_KEY = 'chairside.allocation.filter';

export function loadFilterSettings(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): FilterSettings {
  try {
    const saved = JSON.parse(storage?.getItem(SETTINGS_KEY) ?? 'null') as Partial<FilterSettings> | null;
    if (!saved || typeof saved !== 'object') return DEFAULT_SETTINGS;
    return {
      showFamily: typeof saved.showFamily === 'boolean' ? saved.showFamily : DEFAULT_SETTINGS.showFamily,
      groupBy: ['date', 'treatmentPlan', 'patient'].includes(saved.groupBy as string)
        ? (saved.groupBy as GroupBy)
        : DEFAULT_SETTINGS.groupBy,
      list: ['COMPLETED', 'TREATMENT_PLANS', 'ALL'].includes(saved.list as string)
        ? (saved.list as ListFilter)
        : DEFAULT_SETTINGS.list,
      dateFilter: saved.dateFilter === 'ALL_DATES' ? 'ALL_DATES' : 'LATEST',
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveFilterSettings(
  state: FilterSettings,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    const { showFamily, groupBy, list, dateFilter } = state;
    storage?.setItem(SETTINGS_KEY, JSON.stringify({ showFamily, groupBy, list, dateFilter }));
    return storage !== undefined;
  } catch {
    return false;
  }
}
