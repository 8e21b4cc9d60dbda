import { describeWidget, THEME_ATTRIBUTE } from '../runtime/definition.js';

export const reimbursementsDefinition = describeWidget({
  tag: 'chairside-reimbursements',
  description:
    'The practice’s insurance reimbursements (Open Dental practices), newest first, ten to a page: date, carrier, payment method (a virtual card’s brand and last four, or the check’s number), Reimbursement, Write Off, Requested and Request Paid, the number of patients and the status. A filter bar (the days paid, the carrier), the count and, for staff who may enter one, New Reimbursement (the portal’s insurance payment screen). A row opens Reimbursement Details: the four totals, the procedures the carrier paid and a row per patient with their share’s payment request; Request Paid rises live as patients pay (through the realtime hub).',
  attributes: { theme: THEME_ATTRIBUTE },
  events: {},
});
