/**
 * Memberships shaped by the contract (embed-sdk/contract/membership.ts), for the portal's membership
 * screens' tests and their screenshots until the sandbox serves them: the plan catalogue, list rows in
 * every status, the summary tiles, and the enrolment page a link opens.
 */
import type {
  EnrollmentPage,
  MembershipListRow,
  MembershipPlan,
} from '../../embed-sdk/contract/membership.js';

/** A 1×1 PNG: a plan's image as the contract carries it (a data URL). */
export const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export function membershipPlan(over: Partial<MembershipPlan> = {}): MembershipPlan {
  return {
    id: 1,
    label: 'Smile Club Adult',
    description: 'Preventive care for adults without dental insurance.',
    image: null,
    benefits: [
      { id: 1, label: 'Two cleanings and exams a year' },
      { id: 2, label: '15% off all other treatment' },
    ],
    monthlyAmount: 3300,
    yearlyAmount: 36000,
    discountPlan: 'Smile Club 15% off treatment',
    isActive: true,
    sortOrder: 1,
    memberCount: 12,
    ...over,
  };
}

export const CATALOGUE: MembershipPlan[] = [
  membershipPlan({ image: TINY_PNG }),
  membershipPlan({
    id: 2,
    label: 'Smile Club Kids',
    description: 'Preventive care for children under 14, fluoride and sealants included.',
    benefits: [
      { id: 3, label: 'Two cleanings and exams a year' },
      { id: 4, label: 'Fluoride varnish twice a year' },
    ],
    monthlyAmount: 2300,
    yearlyAmount: 25000,
    sortOrder: 2,
    memberCount: 7,
  }),
  membershipPlan({
    id: 3,
    label: 'Perio Maintenance',
    description: 'Four periodontal maintenance visits a year.',
    benefits: [{ id: 5, label: 'Four periodontal maintenance visits a year' }],
    monthlyAmount: null,
    yearlyAmount: 54000,
    discountPlan: '',
    sortOrder: 3,
    memberCount: 3,
  }),
  membershipPlan({
    id: 4,
    label: 'Legacy Value Plan',
    description: 'No longer offered.',
    benefits: [],
    monthlyAmount: 1900,
    yearlyAmount: null,
    discountPlan: '',
    isActive: false,
    sortOrder: 4,
    memberCount: 2,
  }),
];

export function membershipRow(over: Partial<MembershipListRow> = {}): MembershipListRow {
  return {
    id: 301,
    patientKey: 1001,
    customerId: 11,
    firstName: 'Maria',
    lastName: 'Garcia',
    status: 'ACTIVE',
    cycle: 'MONTHLY',
    amount: 5600,
    balance: 0,
    startDate: '2026-03-05',
    nextBillingDate: '2026-12-05',
    monthlyExpires: null,
    renewalMode: 'YEARLY',
    hasStarted: true,
    daysUntilExpiration: null,
    expirationDate: null,
    displayExpiration: false,
    yearlyAutoRenew: false,
    yearlyNextCycleAutoRenew: false,
    cancelledDate: null,
    expiredDate: null,
    nextRetryDate: null,
    plans: ['Smile Club Adult', 'Smile Club Kids'],
    enrolleeCount: 2,
    ...over,
  };
}

/** One row in each status of the page's filters. */
export const MEMBERSHIP_ROWS: MembershipListRow[] = [
  membershipRow(),
  membershipRow({
    id: 302,
    patientKey: 1003,
    customerId: 13,
    firstName: 'John',
    lastName: 'Smith',
    cycle: 'YEARLY',
    amount: 36000,
    startDate: '2026-01-10',
    nextBillingDate: '2027-01-10',
    renewalMode: 'EXPIRING',
    daysUntilExpiration: 50,
    expirationDate: '2027-01-10',
    yearlyAutoRenew: true,
    yearlyNextCycleAutoRenew: true,
    plans: ['Smile Club Adult'],
    enrolleeCount: 1,
  }),
  membershipRow({
    id: 303,
    patientKey: 1007,
    customerId: 17,
    firstName: 'Priya',
    lastName: 'Patel',
    balance: 4900,
    nextBillingDate: '2026-12-14',
    startDate: '2026-02-14',
    nextRetryDate: '2026-11-24',
    plans: ['Perio Maintenance'],
    amount: 4900,
    enrolleeCount: 1,
  }),
  membershipRow({
    id: 304,
    patientKey: 1010,
    customerId: 20,
    firstName: 'Ana',
    lastName: 'Lopez',
    status: 'AWAITINGPATIENT',
    hasStarted: false,
    renewalMode: 'STARTDATE',
    startDate: '2026-12-01',
    nextBillingDate: '2026-12-01',
    amount: 9200,
    plans: ['Smile Club Adult', 'Smile Club Kids', 'Smile Club Kids'],
    enrolleeCount: 3,
  }),
  membershipRow({
    id: 305,
    patientKey: 1012,
    customerId: 22,
    firstName: 'Tom',
    lastName: 'Baker',
    status: 'EXPIRED',
    cycle: 'YEARLY',
    amount: 36000,
    startDate: '2025-06-01',
    nextBillingDate: null,
    renewalMode: 'EXPIRING',
    expiredDate: '2026-06-01T05:00:00.000Z',
    plans: ['Smile Club Adult'],
    enrolleeCount: 1,
  }),
  membershipRow({
    id: 306,
    patientKey: 1015,
    customerId: 25,
    firstName: 'Lena',
    lastName: 'Nguyen',
    status: 'INACTIVE',
    nextBillingDate: null,
    cancelledDate: '2026-10-02T15:00:00.000Z',
    plans: ['Smile Club Kids'],
    amount: 2300,
    enrolleeCount: 1,
  }),
];

export const MEMBERSHIP_SUMMARY = {
  activeMembers: 48,
  activeMemberships: 31,
  monthlyRecurringRevenue: 128_450,
  renewalsNext30Days: 4,
  pastDueTotal: 14_700,
  pastDueCount: 3,
};

export function enrollmentPage(over: Partial<EnrollmentPage> = {}): EnrollmentPage {
  return {
    practiceName: 'Bright Smiles Dental',
    firstName: 'Ana',
    status: 'OPEN',
    cycle: 'MONTHLY',
    startDate: '2026-12-01',
    enrollees: [
      {
        firstName: 'Ana',
        label: 'Smile Club Adult',
        description: 'Preventive care for adults without dental insurance.',
        image: TINY_PNG,
        billingMembershipBenefits: [
          { id: 1, label: 'Two cleanings and exams a year' },
          { id: 2, label: '15% off all other treatment' },
        ],
        discountPlan: 'Smile Club 15% off treatment',
        qty: 1,
        amount: 3300,
        total: 3300,
      },
      {
        firstName: 'Leo',
        label: 'Smile Club Kids',
        description: 'Preventive care for children under 14.',
        image: null,
        billingMembershipBenefits: [{ id: 3, label: 'Fluoride varnish twice a year' }],
        discountPlan: '',
        qty: 2,
        amount: 2300,
        total: 4600,
      },
    ],
    amount: 7900,
    surcharge: { rateBps: 300 },
    template:
      'I authorize Bright Smiles Dental to charge my card on file each cycle for the memberships above until I cancel.',
    cardEntry: { scriptUrl: 'https://cards.test/tokenize.js', businessId: 'biz', appId: 'app' },
    ...over,
  };
}
