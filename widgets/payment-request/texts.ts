/** The payment request's words. Those quoted in the spec (part 1, section 8) are the product's and stay verbatim. */

export const TEXT = {
  title: (name: string) => `Payment Request for ${name}`,
  patientId: (key: number | string) => `Patient ID: ${key}`,
  notificationId: (id: string) => `Notification ID: ${id}`,
  close: 'Close',
  loading: 'Loading the payment request…',
  failed: 'The payment request could not be loaded.',
  tryAgain: 'Try again',

  // Panels.
  email: 'E-mail',
  mobile: 'Mobile Phone',
  none: '—',
  lastReminder: 'Last Reminder Sent',
  noReminder: 'No reminders sent',
  reminderHistory: 'Reminder history',
  amountRequested: 'Amount Requested',
  amountPaid: 'Amount Paid',
  surcharge: 'Surcharge',
  cardProcessed: 'Card Processed',
  message: 'Message',
  cancelledOn: (when: string) => `Cancelled ${when}`,
  linkWorksUntil: (when: string) => `Link works until ${when}`,
  linkExpiredOn: (when: string) => `Link expired ${when}`,
  linkExpiredTitle: 'Link expired',
  linkExpired: (when: string) =>
    `The patient's link stopped working on ${when}: it takes no payment, and a reminder would send it again. Send New Link sends them a new link that works.`,

  // Actions.
  sendReminder: 'Send Reminder',
  sendNewLink: 'Send New Link',
  newLinkConfirm:
    'Send the patient a new link to pay? The link they have now will stop working, and its page will tell them a newer one was sent.',
  copyLink: 'Copy Link',
  cancel: 'Cancel',
  cancelTitle: 'Cancel Payment Request',
  cancelConfirm:
    'Are you sure you want to cancel this payment request? Its link will no longer take a payment.',
  cancelConfirmLabel: 'Cancel Request',
  keep: 'Keep',

  // Timeline.
  timeline: 'Progress',
  sentTo: 'Sent to',
  sent: 'Sent',
  viewed: 'Viewed',
  paid: 'Paid',
  notYet: 'Not yet',

  // Payment Activity.
  paymentActivity: 'Payment Activity',
  date: 'Date',
  card: 'Card',
  amount: 'Amount',
  status: 'Status',
  approved: 'Approved',
  declined: 'Declined',

  // Messages (spec section 8).
  reminderSent: 'Reminder Sent',
  newLinkSentTitle: 'New Link Sent',
  newLinkSent: 'The patient has been sent a new link to pay. The link sent before no longer works.',
  copied: 'Copied to clipboard',
  unableToCopy: 'Unable to copy to clipboard',
  removed: 'Payment Request Removed',
} as const;

/** The New Payment Request dialog's words. */
export const NEW_TEXT = {
  title: 'New Payment Request',
  amount: 'Amount',
  message: 'Message (optional)',
  cancel: 'Cancel',
  send: 'Send Request',
  sentTitle: 'Payment Request Sent',
  sent: 'The patient has been sent a link to pay.',
} as const;
