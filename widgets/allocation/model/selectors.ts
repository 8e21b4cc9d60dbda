/**
 * What the widget reads of the allocation state. A line's answers are O(1) (a map lookup and the
 * mode); the total and "is an edit open" are O(k) in the lines allocated and cached per `lines`
 * map, which every change replaces, so a render asks them for free.
 */
import type { AllocatableLine } from './actions.js';
import type { AllocationMode, AllocationState, LineAllocation } from './state.js';

type Lines = ReadonlyMap<number, LineAllocation>;

// Keyed by the (immutable) lines map: a new map is a new state of the lines.
const totals = new WeakMap<Lines, number>();
const openEdits = new WeakMap<Lines, boolean>();

/** The Allocation Total, in cents: what every line takes together. */
export function allocationTotal(lines: Lines): number {
  let total = totals.get(lines);
  if (total === undefined) {
    total = 0;
    for (const line of lines.values()) total += line.amountToPay;
    totals.set(lines, total);
  }
  return total;
}

/** 'Allocate Procedures' is enabled only while the total is above 0 (section 5). */
export function canAllocate(state: Pick<AllocationState, 'lines'>): boolean {
  return allocationTotal(state.lines) > 0;
}

/** Whether any inline edit is open (saving is then refused, section 5). */
export function hasOpenEdit(lines: Lines): boolean {
  let open = openEdits.get(lines);
  if (open === undefined) {
    open = false;
    for (const line of lines.values()) {
      if (line.pendingAmount !== null) {
        open = true;
        break;
      }
    }
    openEdits.set(lines, open);
  }
  return open;
}

/**
 * Whether the person has put amounts on procedures (ticked, spread or edited, an open edit
 * included): closing without saving would throw them away, so it asks first.
 */
export function hasEnteredAmounts(state: Pick<AllocationState, 'lines'>): boolean {
  return state.lines.size > 0;
}

/** What is left of the amount to allocate (FIFO, LIFO, Select), in cents; null without an amount. */
export function amountLeft(state: Pick<AllocationState, 'amount' | 'lines' | 'mode'>): number | null {
  if (state.mode === 'NORMAL' || state.amount === null) return null;
  return state.amount - allocationTotal(state.lines);
}

/** A line's Allocation in cents (0 when nothing is allocated to it). */
export function lineAmount(state: Pick<AllocationState, 'lines'>, procedureId: number): number {
  return state.lines.get(procedureId)?.amountToPay ?? 0;
}

/** Whether the line's Pay checkbox is ticked: it takes something. */
export function isTicked(state: Pick<AllocationState, 'lines'>, procedureId: number): boolean {
  return lineAmount(state, procedureId) > 0;
}

/** The inline edit's text while it is open, else null. */
export function pendingAmount(state: Pick<AllocationState, 'lines'>, procedureId: number): string | null {
  return state.lines.get(procedureId)?.pendingAmount ?? null;
}

/**
 * What the mode alone says of the Pay checkboxes, the same for every line (section 5): 'off' outside
 * NORMAL, SELECT and SELECT_FINISHED; 'open' in NORMAL and SELECT; 'selectFinished' when only the
 * lines already ticked may be unticked. Split from the line's part so that a table switches it once
 * for all its rows instead of repainting each row on a mode change.
 */
export type CheckboxMode = 'off' | 'open' | 'selectFinished';

export function checkboxMode(mode: AllocationMode): CheckboxMode {
  switch (mode) {
    case 'NORMAL':
    case 'SELECT':
      return 'open';
    case 'SELECT_FINISHED':
      return 'selectFinished';
    default:
      return 'off';
  }
}

/**
 * The line's part of the checkbox rule, within the mode's: never on a line being edited, never to
 * tick a line with nothing due, and in SELECT_FINISHED only to untick a ticked line.
 */
export function lineCheckboxAllowed(
  current: LineAllocation | undefined,
  estDue: number,
  mode: CheckboxMode,
): boolean {
  const ticked = (current?.amountToPay ?? 0) > 0;
  switch (mode) {
    case 'off':
      return false;
    case 'selectFinished':
      return ticked;
    case 'open':
      return (current?.pendingAmount ?? null) === null && (ticked || estDue > 0);
  }
}

/**
 * Whether the line's Pay checkbox can be clicked (section 5): in NORMAL (Apply Amount off), in
 * SELECT, and in SELECT_FINISHED for the lines already ticked. Never on a line being edited, nor to
 * tick a line with nothing due.
 */
export function canToggleLine(
  state: Pick<AllocationState, 'lines' | 'mode'>,
  line: Pick<AllocatableLine, 'procedureId' | 'estDue'>,
): boolean {
  return lineCheckboxAllowed(state.lines.get(line.procedureId), line.estDue, checkboxMode(state.mode));
}

/** The mode's part of the inline edit's rule: only in NORMAL (Apply Amount off), section 5. */
export function inlineEditAllowed(mode: AllocationMode): boolean {
  return mode === 'NORMAL';
}

/** The line's part: not while its edit is open already, and only on a line with something due or allocated. */
export function lineEditAllowed(current: LineAllocation | undefined, estDue: number): boolean {
  return (current?.pendingAmount ?? null) === null && ((current?.amountToPay ?? 0) > 0 || estDue > 0);
}

/** Whether the line's Allocation can be edited inline: only in NORMAL (Apply Amount off), section 5. */
export function canEditLine(
  state: Pick<AllocationState, 'lines' | 'mode'>,
  line: Pick<AllocatableLine, 'procedureId' | 'estDue'>,
): boolean {
  return inlineEditAllowed(state.mode) && lineEditAllowed(state.lines.get(line.procedureId), line.estDue);
}

export interface SelectAllCheckbox {
  checked: boolean | 'mixed';
  /**
   * Off in WAITING_AMOUNT, when nothing shown is due, and in SELECT_FINISHED when none of the lines
   * shown is ticked. On in FIFO and LIFO on purpose: a click there says why select-all is refused
   * (section 5's message).
   */
  disabled: boolean;
}

/** The Pay column's header checkbox over the lines shown: O(n) in them, so memoize on (lines shown, state.lines, mode). */
export function selectAllCheckbox(
  state: Pick<AllocationState, 'lines' | 'mode'>,
  shown: readonly Pick<AllocatableLine, 'procedureId' | 'estDue'>[],
): SelectAllCheckbox {
  let due = 0;
  let ticked = 0;
  for (const line of shown) {
    if (line.estDue <= 0) continue;
    due += 1;
    if ((state.lines.get(line.procedureId)?.amountToPay ?? 0) > 0) ticked += 1;
  }
  const checked = ticked === 0 ? false : ticked === due ? true : 'mixed';
  const disabled =
    state.mode === 'WAITING_AMOUNT' || due === 0 || (state.mode === 'SELECT_FINISHED' && ticked === 0);
  return { checked, disabled };
}
