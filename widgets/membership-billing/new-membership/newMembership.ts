/**
 * New Membership's rules and what it sends (the contract's `enroll`): the enrollees (a person, a plan
 * and a quantity each), the cycle, the start date, and how the patient approves: now (the card on
 * file, and a signature or the checkbox) or by link (a text and/or e-mail; the membership awaits the
 * patient). The rules are the contract's, in its words (browsers get no contract schemas: the
 * shared limits are embed-sdk/validation/membershipLimits.ts), with the spec's channel rule from embed-sdk/validation/channels.ts.
 */
import dayjs from 'dayjs';
import { z } from 'zod/mini';
import type {
  ApproveBy,
  MembershipApprovalMethod,
  MembershipCycle,
  MembershipPlan,
} from '../../../embed-sdk/contract/membership.js';
import { ISO_DAY_FORMAT } from '../../../embed-sdk/format/index.js';
import { channelProblems } from '../../../embed-sdk/validation/channels.js';
import { ENROLL_RULES as CONTRACT_ENROLL_RULES } from '../../../embed-sdk/validation/membershipLimits.js';
import { CYCLE_WORDS, NEW_MEMBERSHIP_MESSAGES } from '../texts.js';

/**
 * New Membership's limits and messages: the contract's (embed-sdk/validation/membershipLimits.ts),
 * and the form's own for what only the form checks (a plan chosen in each line, the quantity's box,
 * the start date), in the capability's texts.
 */
export const ENROLL_RULES = { ...CONTRACT_ENROLL_RULES, ...NEW_MEMBERSHIP_MESSAGES } as const;

export interface EnrolleeValues {
  customerId: number;
  /** '' until a plan is chosen. */
  membershipPlanId: string;
  qty: string;
}

export interface NewMembershipValues {
  cycle: MembershipCycle;
  /** YYYY-MM-DD. */
  startDate: string;
  enrollees: EnrolleeValues[];
  approveBy: ApproveBy;
  customerSavedCardId: number | null;
  approvalMethod: MembershipApprovalMethod | '';
  signature: string;
  approved: boolean;
  notifyText: boolean;
  cell: string;
  notifyEmail: boolean;
  email: string;
}

export function emptyMembership(
  holderId: number,
  today: string,
  channels: Pick<NewMembershipValues, 'notifyText' | 'cell' | 'notifyEmail' | 'email'>,
): NewMembershipValues {
  return {
    cycle: 'MONTHLY',
    startDate: today,
    enrollees: [{ customerId: holderId, membershipPlanId: '', qty: '1' }],
    approveBy: 'NOW',
    customerSavedCardId: null,
    approvalMethod: '',
    signature: '',
    approved: false,
    ...channels,
  };
}

/** A plan's price in a cycle (cents), or null when it is not sold in that cycle. */
export function priceIn(plan: MembershipPlan, cycle: MembershipCycle): number | null {
  return cycle === 'MONTHLY' ? plan.monthlyAmount : plan.yearlyAmount;
}

/** The plans New Membership offers in a cycle: active ones with a price in it, in the catalogue's order. */
export function plansFor(plans: readonly MembershipPlan[], cycle: MembershipCycle): MembershipPlan[] {
  return plans.filter((p) => p.isActive && priceIn(p, cycle) !== null);
}

const QTY = /^\d+$/;

/** An enrollee line's cost a cycle (quantity × the plan's price), or null while it cannot be known. */
export function lineTotal(
  line: EnrolleeValues,
  plans: readonly MembershipPlan[],
  cycle: MembershipCycle,
): number | null {
  const plan = plans.find((p) => String(p.id) === line.membershipPlanId);
  const price = plan ? priceIn(plan, cycle) : null;
  const qty = QTY.test(line.qty.trim()) ? Number(line.qty) : null;
  return price === null || qty === null ? null : price * qty;
}

/** The cycle amount: the sum of the lines that can be known. */
export function cycleTotal(values: NewMembershipValues, plans: readonly MembershipPlan[]): number {
  return values.enrollees.reduce((sum, line) => sum + (lineTotal(line, plans, values.cycle) ?? 0), 0);
}

export interface Problem {
  path: string;
  message: string;
}

export function membershipProblems(
  values: NewMembershipValues,
  plans: readonly MembershipPlan[],
  today: string,
): Problem[] {
  const problems: Problem[] = [];
  if (values.enrollees.length === 0) problems.push({ path: 'enrollees', message: ENROLL_RULES.choosePlan });
  values.enrollees.forEach((line, i) => {
    const plan = plans.find((p) => String(p.id) === line.membershipPlanId);
    if (!plan) problems.push({ path: `enrollees.${i}.membershipPlanId`, message: ENROLL_RULES.planRequired });
    else if (priceIn(plan, values.cycle) === null || !plan.isActive)
      problems.push({
        path: `enrollees.${i}.membershipPlanId`,
        message: ENROLL_RULES.planNotInCycle(plan.label, CYCLE_WORDS[values.cycle]),
      });
    const qty = line.qty.trim();
    if (!QTY.test(qty) || Number(qty) < 1 || Number(qty) > ENROLL_RULES.qtyMax)
      problems.push({ path: `enrollees.${i}.qty`, message: ENROLL_RULES.qty });
  });
  const start = values.startDate.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !dayjs(start).isValid() || start < today)
    problems.push({ path: 'startDate', message: ENROLL_RULES.startDate });
  if (values.approveBy === 'NOW') {
    if (values.customerSavedCardId === null)
      problems.push({ path: 'customerSavedCardId', message: ENROLL_RULES.addACard });
    if (values.approvalMethod === '')
      problems.push({ path: 'approvalMethod', message: ENROLL_RULES.approvalMethod });
    else if (values.approvalMethod === 'SIGNATURE' && values.signature.trim() === '')
      problems.push({ path: 'signature', message: ENROLL_RULES.signature });
    else if (values.approvalMethod === 'CHECKBOX' && !values.approved)
      problems.push({ path: 'approved', message: ENROLL_RULES.approved });
  } else {
    for (const p of channelProblems(values)) problems.push({ path: p.field, message: p.message });
  }
  return problems;
}

/** The form's resolver schema, with the catalogue and today (the server's) as the form opened. */
export function newMembershipSchema(plans: readonly MembershipPlan[], today: string) {
  return z
    .object({
      cycle: z.enum(['MONTHLY', 'YEARLY']),
      startDate: z.string(),
      enrollees: z.array(z.object({ customerId: z.number(), membershipPlanId: z.string(), qty: z.string() })),
      approveBy: z.enum(['NOW', 'LINK']),
      customerSavedCardId: z.nullable(z.number()),
      approvalMethod: z.enum(['', 'SIGNATURE', 'CHECKBOX']),
      signature: z.string(),
      approved: z.boolean(),
      notifyText: z.boolean(),
      cell: z.string(),
      notifyEmail: z.boolean(),
      email: z.string(),
    })
    .check(
      z.superRefine((values, ctx) => {
        for (const p of membershipProblems(values, plans, today)) {
          ctx.issues.push({ code: 'custom', path: p.path.split('.'), message: p.message, input: values });
        }
      }),
    );
}

/**
 * What `enroll` is sent (only the fields of the chosen way to approve). Now, at the desk, with the
 * agreement the patient was shown: the server keeps it as the authorization if it is its own text
 * for these terms, and refuses it otherwise.
 */
export function enrollBody(holderId: number, values: NewMembershipValues, agreement: string | null = null) {
  const terms = {
    customerId: holderId,
    enrollees: values.enrollees.map((line) => ({
      customerId: line.customerId,
      membershipPlanId: Number(line.membershipPlanId),
      qty: Number(line.qty.trim()),
    })),
    cycle: values.cycle,
    startDate: values.startDate.trim(),
  };
  if (values.approveBy === 'LINK') {
    return {
      ...terms,
      approveBy: 'LINK' as const,
      notifyText: values.notifyText,
      cell: values.notifyText ? values.cell.trim() : '',
      notifyEmail: values.notifyEmail,
      email: values.notifyEmail ? values.email.trim() : '',
    };
  }
  const method = values.approvalMethod as MembershipApprovalMethod;
  return {
    ...terms,
    approveBy: 'NOW' as const,
    customerSavedCardId: values.customerSavedCardId!,
    approvalMethod: method,
    ...(method === 'SIGNATURE' ? { signature: values.signature.trim() } : { approved: true }),
    ...(agreement !== null ? { template: agreement } : {}),
  };
}

/** A 400 envelope's errors by the form's field ('body.enrollees.1.qty: …' → 'enrollees.1.qty'). */
export function serverEnrollErrors(errors: readonly string[]) {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  const known = new Set([
    'startDate',
    'customerSavedCardId',
    'approvalMethod',
    'signature',
    'approved',
    'cell',
    'email',
    'notifyText',
    'notifyEmail',
  ]);
  for (const error of errors) {
    const match = /^body\.([A-Za-z0-9.]+):\s*(.+)$/s.exec(error);
    const path = match?.[1];
    // The agreement shown differs from the server's (a price or surcharge changed): its message alone.
    if (path === 'template') other.push(match![2]!);
    else if (path && (known.has(path) || /^enrollees\.\d+\.(customerId|membershipPlanId|qty)$/.test(path))) {
      // A family member the server refuses shows under that enrollee's plan.
      fields[path.replace(/\.customerId$/, '.membershipPlanId')] ??= match![2]!;
    } else other.push(error);
  }
  return { fields, other };
}

/** The earliest start date: today. */
export const startMin = (today: string) => dayjs(today).format(ISO_DAY_FORMAT);
