/**
 * The allocation's words. Those quoted in the spec (part 2, "Procedure allocation modal", sections 5
 * and 8) are the product's and stay verbatim, double spaces included; the others are worded here and
 * say so.
 *
 * Two sections: the model's (the rules' refusals and the labels of the choices the model defines,
 * read by widgets/allocation/model/) and the screens' (the widget's own words).
 */
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import type { AllocationOrder, DateFilter, GroupBy, ListFilter } from './model/state.js';

// ---------------------------------------------------------------------------------------------
// The model's words (widgets/allocation/model/)
// ---------------------------------------------------------------------------------------------

/** The refusals and notices of the allocation's rules. */
export const MODEL_TEXT = {
  // Section 5, verbatim.
  enterAmount: 'Please enter an amount to allocate.',
  unsavedEdit:
    'You have allocations that have not been saved, please click the disk to save your allocated payment',
  selectAllInOrderMode:
    'You cannot select all checkboxes in FIFO or LIFO mode.  Select the apply fixed amount button to turn off FIFO/LIFO mode.',
  associateTotalMismatch: 'The allocation total must match the unassociated transaction amount.',
  // Section 8, verbatim.
  filterSettingsSaved: 'Filter settings saved.',

  // Not in the spec: worded here.
  /** The field name in 'The {field} is not a currency value.' (section 5's money message). */
  amountField: 'Amount to Allocate',
  allocationField: 'Allocation',
  aboveEstDue: (estDue: string) => `The allocation cannot be more than the Est. Due of ${estDue}.`,
  tooManyLines: (max: number) => `At most ${max} procedures can be allocated at once.`,
  nothingAllocated: 'Allocate an amount to at least one procedure.',
  filterSettingsNotSaved: 'Filter settings could not be saved in this browser.',
  // Spec part 2, "Procedure allocation modal" (the family view), verbatim.
  viewingThisPatient: "You're currently viewing this patient's profile.",
} as const;

/** The date filter's labels (spec: 'Latest' / 'All Dates'). */
export const DATE_FILTER_TEXT: Readonly<Record<DateFilter, string>> = {
  Latest: 'Latest',
  'All Dates': 'All Dates',
};

/** The list filter's labels (spec: Completed, Treatment Plans, All). */
export const LIST_FILTER_TEXT: Readonly<Record<ListFilter, string>> = {
  Completed: 'Completed',
  'Treatment Plans': 'Treatment Plans',
  All: 'All',
};

/** Group By's labels (spec: by date, treatment plan or patient). */
export const GROUP_BY_TEXT: Readonly<Record<GroupBy, string>> = {
  date: 'Date',
  treatmentPlan: 'Treatment Plan',
  patient: 'Patient',
};

/** The orders an amount is applied in (spec: FIFO, LIFO, Select). */
export const ORDER_TEXT: Readonly<Record<AllocationOrder, string>> = {
  FIFO: 'FIFO',
  LIFO: 'LIFO',
  SELECT: 'Select',
};

/** A treatment plan's status (spec: 0 Saved, 1 Active, 2 Inactive; other values shown raw). */
export const TREATMENT_PLAN_STATUS_TEXT: Readonly<Record<number, string>> = {
  0: 'Saved',
  1: 'Active',
  2: 'Inactive',
};

/** Group headings the spec does not word. */
export const GROUP_TEXT = {
  /** The group of procedures on no treatment plan, when grouping by treatment plan. */
  noTreatmentPlan: 'Not on a Treatment Plan',
} as const;

// ---------------------------------------------------------------------------------------------
// The screens' words (the widget's components)
// ---------------------------------------------------------------------------------------------
export const SCREEN_TEXT = {
  title: 'Procedures',
  loading: 'Loading procedures…',
  failed: 'The procedures could not be loaded.',
  tryAgain: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  empty: 'No procedures with an amount due match these filters.',

  // Controls (the choices' labels: DATE_FILTER_TEXT, LIST_FILTER_TEXT, ORDER_TEXT, GROUP_BY_TEXT;
  // the amount field's name: MODEL_TEXT.amountField).
  search: 'Search procedures',
  searchPlaceholder: 'Code, description, tooth, patient',
  dates: 'Dates',
  list: 'Show',
  family: 'Family',
  applyAmount: 'Apply Amount',
  order: 'Allocation order',
  orderHints: { FIFO: 'Oldest first', LIFO: 'Newest first', SELECT: 'Choose the procedures' } as const,
  menu: 'More options',
  refresh: 'Refresh Procedures',
  groupBy: 'Group By',
  saveSettings: 'Save Filter Settings',
  remaining: (cents: number) => `${formatCurrency(cents)} left to allocate`,
  toAllocate: (cents: number) => `Payment to allocate: ${formatCurrency(cents)}`,

  // The table (spec: Pay, Date, Patient, Procedure, Fee, Paid, Pymt. Plan, Ins./Writeoff, Adj., Est. Due, Allocation).
  table: 'Procedures due',
  pay: 'Pay',
  payAll: 'Pay every procedure shown',
  payOne: (code: string, date: string) => `Pay ${code} of ${date}`,
  date: 'Date',
  patient: 'Patient',
  procedure: 'Procedure',
  fee: 'Fee',
  paid: 'Paid',
  paymentPlan: 'Pymt. Plan',
  insurance: 'Ins./Writeoff',
  adjustment: 'Adj.',
  estDue: 'Est. Due',
  allocation: MODEL_TEXT.allocationField,
  tooth: (tooth: string) => `#${tooth}`,
  edit: (code: string) => `Edit the allocation to ${code}`,
  editAmount: (code: string) => `Allocation to ${code}`,
  saveEdit: (code: string) => `Save the allocation to ${code}`,
  groupTotal: (label: string) => `${label} subtotal`,

  // The footer.
  total: 'Allocation Total',
  allocate: 'Allocate Procedures',

  // The treatment plan list (its statuses: TREATMENT_PLAN_STATUS_TEXT).
  plans: 'Treatment Plans',
  noPlans: 'No treatment plans.',
  choosePlan: (heading: string) => `Show ${heading}`,

  // The family view.
  familyView: 'Family',
  guarantor: 'Guarantor',
  viewing: 'Viewing',
  openPatient: (name: string) => `Open ${name}’s patient page`,

  // After saving (not in the spec: worded here).
  savedTitle: 'Allocated',
  saved: (cents: number, count: number) =>
    `${formatCurrency(cents)} has been allocated to ${count} ${count === 1 ? 'procedure' : 'procedures'}.`,
  unavailableTitle: 'Allocation unavailable',
  /** The discard confirmation's sentence (its title and buttons: the form dialog's). */
  discardAllocation: 'The amounts you allocated have not been saved and will be lost.',
} as const;
