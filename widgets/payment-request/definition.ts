import { describeWidget, THEME_ATTRIBUTE } from '../runtime/definition.js';

export const paymentRequestDefinition = describeWidget({
  tag: 'chairside-payment-request',
  description:
    'A payment request’s detail modal: the patient, where it was sent, its reminders, the amount requested or paid (with the surcharge split), Send Reminder, Copy Link and Cancel for unpaid requests (EDITPAYMENTREQUESTS), its Sent, Viewed and Paid steps and its Payment Activity. It opens when placed, and shows the request’s first viewing and its payments as they happen (through the realtime hub).',
  attributes: {
    theme: THEME_ATTRIBUTE,
    'notification-id': {
      description: 'The payment request’s id (the notification id, a UUID).',
      type: 'string',
      required: true,
    },
  },
  events: {
    'payment-request-reminded': {
      description: 'Send Reminder sent the request’s link to the patient again.',
      detail: 'PaymentRequestRemindedDetail',
    },
    'payment-request-cancelled': {
      description: 'The request was cancelled after its confirmation; its link no longer takes a payment.',
      detail: 'PaymentRequestCancelledDetail',
    },
    'payment-request-closed': {
      description:
        'The modal was closed (Close or Escape). Remove the element, or set another `notification-id` to open the modal again.',
      detail: 'PaymentRequestClosedDetail',
    },
  },
});
