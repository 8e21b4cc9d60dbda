/**
 * The allocation's words. Those quoted in the spec (part 2, "Procedure allocation modal", sections 5
 * and 8) are the product's and stay verbatim.
 */
import { formatCurrency } from '../../embed-sdk/format/currency.js';

// ── The screens (the widget: <chairside-allocation>) ───────────────────────────────────────────
export const SCREEN_TEXT = {
  title: 'Procedures',
  loading: 'Loading procedures…',
  failed: 'The procedures could not be loaded.',
  tryAgain: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  empty: 'No procedures with an amount due match these filters.',

  // Controls.
  search: 'Search procedures',
  searchPlaceholder: 'Code, description, tooth, provider or patient',
  dates: 'Dates',
  latest: 'Latest',
  allDates: 'All Dates',
  list: 'Show',
  completed: 'Completed',
  treatmentPlans: 'Treatment Plans',
  all: 'All',
  family: 'Family',
  applyAmount: 'Apply Amount',
  amount: 'Amount to allocate',
  order: 'Allocation order',
  fifo: 'FIFO',
  lifo: 'LIFO',
  select: 'Select',
  orderHints: { FIFO: 'Oldest first', LIFO: 'Newest first', SELECT: 'Choose the procedures' } as const,
  menu: 'More options',
  refresh: 'Refresh Procedures',
  groupBy: 'Group By',
  groupByDate: 'Date',
  groupByPlan: 'Treatment Plan',
  groupByPatient: 'Patient',
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
  allocation: 'Allocation',
  tooth: (tooth: string) => `#${tooth}`,
  edit: (code: string) => `Edit the allocation to ${code}`,
  editAmount: (code: string) => `Allocation to ${code}`,
  saveEdit: (code: string) => `Save the allocation to ${code}`,
  groupTotal: (label: string) => `${label} subtotal`,
  noPlan: 'Not on a treatment plan',

  // The footer.
  total: 'Allocation Total',
  allocate: 'Allocate Procedures',

  // The treatment plan list (status 0 Saved, 1 Active, 2 Inactive; other values shown raw).
  plans: 'Treatment Plans',
  noPlans: 'No treatment plans.',
  planStatus: (status: number) => ({ 0: 'Saved', 1: 'Active', 2: 'Inactive' })[status] ?? String(status),
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
} as const;

// ── The model's messages (spec part 2, sections 5 and 8, verbatim) ─────────────────────────────
// The allocation's model (widgets/allocation/model/, being written beside the screens) owns these;
// until it lands, the screens' adapter (modelAdapter.ts) reads them from here.
export const MODEL_TEXT = {
  enterAmount: 'Please enter an amount to allocate.',
  unsavedEdit:
    'You have allocations that have not been saved, please click the disk to save your allocated payment',
  selectAllRefused:
    'You cannot select all checkboxes in FIFO or LIFO mode.  Select the apply fixed amount button to turn off FIFO/LIFO mode.',
  viewingThisPatient: "You're currently viewing this patient's profile.",
  settingsSaved: 'Filter settings saved.',
} as const;
