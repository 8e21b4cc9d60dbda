/**
 * The allocation modes as a state machine (spec part 2, section 4's modes and section 5's rules):
 *
 *   NORMAL ──Apply Amount on──▶ WAITING_AMOUNT ──amount + FIFO / LIFO / Select──▶ FIFO | LIFO | SELECT
 *   SELECT ◀──the ticked total drops below the amount── SELECT_FINISHED ◀──it reaches the amount── SELECT
 *   any mode ──Apply Amount off──▶ NORMAL;  FIFO, LIFO, SELECT(_FINISHED) ──amount cleared──▶ WAITING_AMOUNT
 *
 * An order chosen without an amount is refused with 'Please enter an amount to allocate.'; select-all
 * in FIFO or LIFO with section 5's message. A refusal is returned as the state's `message`, never
 * thrown. A checkbox or an inline edit the mode does not allow changes nothing (the widget disables
 * them through `canToggleLine` and `canEditLine`).
 *
 * Turning Apply Amount on or off, and choosing an order, start the allocation afresh: an amount's
 * allocation and lines ticked by hand do not mix, so the total can always be read against the amount.
 *
 * Cost: an action is O(k) in the lines allocated, FIFO and LIFO O(n log n) in the lines shown (a
 * sort), select-all O(n); an action that changes nothing returns the same state, so React skips it.
 */
import { centsToMoneyInput } from '../../../embed-sdk/validation/money.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { MODEL_TEXT } from '../texts.js';
import type { AllocatableLine, AllocationAction } from './actions.js';
import { allocateInOrder, inPaymentOrder, parseAllocationAmount } from './amounts.js';
import { allocationTotal } from './selectors.js';
import {
  initialAllocationState,
  type AllocationMode,
  type AllocationState,
  type LineAllocation,
} from './state.js';

type Lines = ReadonlyMap<number, LineAllocation>;

/** A refusal: the state stays as it was, with this message. */
interface Refusal {
  refused: string;
}

const refuse = (message: string): Refusal => ({ refused: message });

export function allocationReducer(state: AllocationState, action: AllocationAction): AllocationState {
  switch (action.type) {
    case 'messageShown':
      return state.message === action.message ? state : { ...state, message: action.message };
    case 'messageDismissed':
      return state.message === null ? state : { ...state, message: null };
  }
  const next = transition(state, action);
  if ('refused' in next) return state.message === next.refused ? state : { ...state, message: next.refused };
  // What was done clears the last message; what changed nothing leaves the state as it was.
  if (next === state) return state;
  return next.message === null ? next : { ...next, message: null };
}

function transition(state: AllocationState, action: AllocationAction): AllocationState | Refusal {
  switch (action.type) {
    case 'searchChanged':
      return state.search === action.search ? state : { ...state, search: action.search };
    case 'dateFilterChanged':
      return state.dateFilter === action.dateFilter ? state : { ...state, dateFilter: action.dateFilter };
    case 'showFamilyChanged':
      return state.showFamily === action.showFamily ? state : { ...state, showFamily: action.showFamily };
    case 'listChanged':
      return state.list === action.list ? state : { ...state, list: action.list };
    case 'groupByChanged':
      return state.groupBy === action.groupBy ? state : { ...state, groupBy: action.groupBy };
    case 'treatmentPlanToggled': {
      const plans = new Set(state.selectedTreatmentPlans);
      if (!plans.delete(action.treatPlanNum)) plans.add(action.treatPlanNum);
      return { ...state, selectedTreatmentPlans: plans };
    }
    case 'settingsApplied':
      return { ...state, ...action.settings };
    case 'patientChanged':
      return initialAllocationState({ settings: action.settings, amount: action.amount ?? null });

    case 'applyAmountToggled':
      if (action.on === (state.mode !== 'NORMAL')) return state;
      return { ...state, mode: action.on ? 'WAITING_AMOUNT' : 'NORMAL', lines: NO_LINES };

    case 'amountChanged':
      return amountChanged(
        state,
        action.amount !== null && action.amount > 0 ? action.amount : null,
        action.lines,
      );

    case 'orderChosen': {
      if (state.mode === 'NORMAL') return state;
      if (state.amount === null) return refuse(MODEL_TEXT.enterAmount);
      if (action.order === 'SELECT') {
        return state.mode === 'SELECT' || state.mode === 'SELECT_FINISHED'
          ? state
          : { ...state, mode: 'SELECT', lines: NO_LINES };
      }
      return { ...state, mode: action.order, lines: inOrder(action.lines, action.order, state.amount) };
    }

    case 'lineToggled':
      return lineToggled(state, action.line);
    case 'allToggled':
      return allToggled(state, action.lines);

    case 'editOpened': {
      const line = state.lines.get(action.line.procedureId);
      if (state.mode !== 'NORMAL' || line?.pendingAmount != null) return state;
      if (!line && action.line.estDue <= 0) return state;
      const amountToPay = line?.amountToPay ?? 0;
      return withLine(state, action.line.procedureId, {
        amountToPay,
        estDue: action.line.estDue,
        pendingAmount: amountToPay > 0 ? centsToMoneyInput(amountToPay) : '',
      });
    }
    case 'editChanged': {
      const line = state.lines.get(action.procedureId);
      if (!line || line.pendingAmount === null || line.pendingAmount === action.text) return state;
      return withLine(state, action.procedureId, { ...line, pendingAmount: action.text });
    }
    case 'editSaved': {
      const line = state.lines.get(action.line.procedureId);
      if (!line || line.pendingAmount === null) return state;
      const parsed = parseAllocationAmount(line.pendingAmount, MODEL_TEXT.allocationField);
      if (!parsed.ok) return refuse(parsed.message);
      const cents = parsed.cents ?? 0;
      if (cents > action.line.estDue)
        return refuse(MODEL_TEXT.aboveEstDue(formatCurrency(action.line.estDue)));
      return withLine(state, action.line.procedureId, {
        amountToPay: cents,
        estDue: action.line.estDue,
        pendingAmount: null,
      });
    }
    case 'editCancelled': {
      const line = state.lines.get(action.procedureId);
      if (!line || line.pendingAmount === null) return state;
      return withLine(state, action.procedureId, { ...line, pendingAmount: null });
    }

    case 'proceduresLoaded':
      return proceduresLoaded(state, action.procedures);

    default:
      return state;
  }
}

const NO_LINES: Lines = new Map();

/** The state with one line replaced; a line with no amount and no open edit leaves the map. */
function withLine(state: AllocationState, procedureId: number, line: LineAllocation): AllocationState {
  const lines = new Map(state.lines);
  if (line.amountToPay > 0 || line.pendingAmount !== null) lines.set(procedureId, line);
  else lines.delete(procedureId);
  return { ...state, lines };
}

/** SELECT until the ticked total reaches the amount, SELECT_FINISHED from then on. */
function selectMode(lines: Lines, amount: number): AllocationMode {
  return allocationTotal(lines) >= amount ? 'SELECT_FINISHED' : 'SELECT';
}

function inOrder(lines: readonly AllocatableLine[], order: 'FIFO' | 'LIFO', amount: number): Lines {
  const dues = new Map(lines.map((l) => [l.procedureId, l.estDue]));
  return new Map(
    allocateInOrder(inPaymentOrder(lines, order), amount).map(([procedureId, amountToPay]) => [
      procedureId,
      { amountToPay, estDue: dues.get(procedureId) ?? amountToPay, pendingAmount: null },
    ]),
  );
}

function amountChanged(
  state: AllocationState,
  amount: number | null,
  shown: readonly AllocatableLine[],
): AllocationState {
  if (amount === state.amount) return state;
  switch (state.mode) {
    case 'NORMAL':
    case 'WAITING_AMOUNT':
      return { ...state, amount };
    case 'FIFO':
    case 'LIFO':
      // FIFO, LIFO and Select need an amount (section 5): without one they wait for it again.
      if (amount === null) return { ...state, amount, mode: 'WAITING_AMOUNT', lines: NO_LINES };
      return { ...state, amount, lines: inOrder(shown, state.mode, amount) };
    case 'SELECT':
    case 'SELECT_FINISHED': {
      if (amount === null) return { ...state, amount, mode: 'WAITING_AMOUNT', lines: NO_LINES };
      // The ticked lines take the new amount in the order they were ticked: a smaller amount comes
      // off the last ones ticked first, and a line left with nothing is unticked.
      const dues = [...state.lines].map(([procedureId, line]) => ({ procedureId, estDue: line.estDue }));
      const lines: Lines = new Map(
        allocateInOrder(dues, amount).map(([procedureId, amountToPay]) => [
          procedureId,
          { ...state.lines.get(procedureId)!, amountToPay },
        ]),
      );
      return { ...state, amount, lines, mode: selectMode(lines, amount) };
    }
  }
}

function lineToggled(state: AllocationState, line: AllocatableLine): AllocationState {
  const current = state.lines.get(line.procedureId);
  const ticked = (current?.amountToPay ?? 0) > 0;
  switch (state.mode) {
    case 'NORMAL':
      if (current?.pendingAmount != null) return state;
      if (ticked) return withLine(state, line.procedureId, { ...current!, amountToPay: 0 });
      if (line.estDue <= 0) return state;
      return withLine(state, line.procedureId, {
        amountToPay: line.estDue,
        estDue: line.estDue,
        pendingAmount: null,
      });
    case 'SELECT':
    case 'SELECT_FINISHED': {
      const amount = state.amount ?? 0;
      if (ticked) {
        const next = withLine(state, line.procedureId, { ...current!, amountToPay: 0 });
        return { ...next, mode: selectMode(next.lines, amount) };
      }
      // SELECT_FINISHED allows the checkboxes of the lines already ticked only.
      if (state.mode === 'SELECT_FINISHED' || line.estDue <= 0) return state;
      const left = amount - allocationTotal(state.lines);
      const next = withLine(state, line.procedureId, {
        amountToPay: Math.min(line.estDue, left),
        estDue: line.estDue,
        pendingAmount: null,
      });
      return { ...next, mode: selectMode(next.lines, amount) };
    }
    default:
      return state;
  }
}

/** The header checkbox: ticks every line shown, or unticks them when they are all ticked already. */
function allToggled(state: AllocationState, shown: readonly AllocatableLine[]): AllocationState | Refusal {
  const isTicked = (l: AllocatableLine) => (state.lines.get(l.procedureId)?.amountToPay ?? 0) > 0;
  switch (state.mode) {
    case 'FIFO':
    case 'LIFO':
      return refuse(MODEL_TEXT.selectAllInOrderMode);
    case 'WAITING_AMOUNT':
      return state;
    case 'NORMAL': {
      // A line being edited keeps its edit; the disk button saves it.
      const open = shown.filter((l) => l.estDue > 0 && state.lines.get(l.procedureId)?.pendingAmount == null);
      if (open.length === 0) return state;
      const lines = new Map(state.lines);
      if (open.every(isTicked)) for (const l of open) lines.delete(l.procedureId);
      else
        for (const l of open)
          lines.set(l.procedureId, { amountToPay: l.estDue, estDue: l.estDue, pendingAmount: null });
      return { ...state, lines };
    }
    case 'SELECT':
    case 'SELECT_FINISHED': {
      const amount = state.amount ?? 0;
      const open = shown.filter((l) => l.estDue > 0);
      const tickedShown = open.filter(isTicked);
      // When finished, only the ticked lines' checkboxes work: the header unticks them.
      if (state.mode === 'SELECT_FINISHED' || (open.length > 0 && tickedShown.length === open.length)) {
        if (tickedShown.length === 0) return state;
        const lines = new Map(state.lines);
        for (const l of tickedShown) lines.delete(l.procedureId);
        return { ...state, lines, mode: selectMode(lines, amount) };
      }
      const left = amount - allocationTotal(state.lines);
      const taken = allocateInOrder(
        open.filter((l) => !isTicked(l)),
        left,
      );
      if (taken.length === 0) return state;
      const dues = new Map(open.map((l) => [l.procedureId, l.estDue]));
      const lines = new Map(state.lines);
      for (const [procedureId, amountToPay] of taken) {
        lines.set(procedureId, { amountToPay, estDue: dues.get(procedureId)!, pendingAmount: null });
      }
      return { ...state, lines, mode: selectMode(lines, amount) };
    }
  }
}

function proceduresLoaded(state: AllocationState, procedures: readonly AllocatableLine[]): AllocationState {
  if (state.lines.size === 0) return state;
  const dues = new Map(procedures.map((p) => [p.procedureId, p.estDue]));
  const lines = new Map<number, LineAllocation>();
  let changed = false;
  for (const [procedureId, line] of state.lines) {
    const estDue = dues.get(procedureId);
    if (estDue === undefined) {
      changed = true;
      continue;
    }
    if (estDue === line.estDue && line.amountToPay <= estDue) {
      lines.set(procedureId, line);
      continue;
    }
    changed = true;
    const kept = { ...line, estDue, amountToPay: Math.min(line.amountToPay, Math.max(estDue, 0)) };
    if (kept.amountToPay > 0 || kept.pendingAmount !== null) lines.set(procedureId, kept);
  }
  if (!changed) return state;
  const mode =
    state.mode === 'SELECT' || state.mode === 'SELECT_FINISHED'
      ? selectMode(lines, state.amount ?? 0)
      : state.mode;
  return { ...state, lines, mode };
}
