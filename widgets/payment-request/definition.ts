import { describeWidget, THEME_ATTRIBUTE } from '../runtime/definition.js';

export const paymentRequestDefinition = describeWidget({
  tag: 'chairside-payment-request',
  description:
    'A payment request’s detail modal: the patient, where it was sent, its reminders, the amount requested or paid (with the surcharge split), Send Reminder, Copy Link and Cancel for unpaid requests (EDITPAYMENTREQUESTS), its Sent, Viewed and Paid steps and its Payment Activity. It opens when placed and refreshes when a payment of the request is processed.',
  attributes: {
    theme: THEME_ATTRIBUTE,
    'notification-id': {
      description: 'The payment request’s id (the notification id, a UUID).',
      type: 'string',
      required: true,
    },
  },
  events: {},
});
