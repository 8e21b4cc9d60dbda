import { describeWidget, THEME_ATTRIBUTE } from '../runtime/definition.js';

export const membershipBillingDefinition = describeWidget({
  tag: 'chairside-membership-billing',
  // Its chunk hands the Payment History the transactions' Refund / Void form.
  entry: 'membershipBillingElement',
  description:
    'A membership’s ‘Membership for {name}’ modal: its ID, patient ID and status; the past-due alert (Process Past Due, Send Reminder, the next retry of a declined charge) and the expiring alert (Change/Cancel); its start date, cycle amount with the surcharge and credit-card total, next payment, renewal (Change/Cancel), card on file (Change Card) and, while awaiting the patient, Send Reminder and Cancel Membership; the Enrollees (quantity and amount edited inline, Save Membership Changes with the patient notified by e-mail), Payment History and Authorization tabs; Renewal Options, Restart Membership, ‘Make Payment For’ and Cancel Membership. Changes need EDITMEMBERSHIPS; VIEWMEMBERSHIPS reads it and sends the declined payment’s reminder. It opens when placed and refreshes when a payment of the membership is processed.',
  attributes: {
    theme: THEME_ATTRIBUTE,
    'membership-id': {
      description: 'The membership’s (customer membership billing’s) id (a positive whole number).',
      type: 'string',
      required: true,
    },
  },
  events: {
    'membership-changed': {
      description:
        'The membership was changed in the modal (a payment, the renewal, a cancellation, a restart, the enrollees, the card); the detail carries its id and status afterwards.',
      detail: 'MembershipChangedDetail',
    },
    'membership-closed': {
      description: 'The modal was closed (Close or Escape). Set another membership-id to open it again.',
      detail: 'MembershipClosedDetail',
    },
  },
});
