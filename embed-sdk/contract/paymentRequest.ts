/**
 * Payment requests (text to pay; the spec calls them notifications): created for a patient with an
 * amount, sent by text and/or e-mail with a link to the public payment page, reminded, cancelled,
 * paid. Reading needs VIEWPAYMENTREQUESTS, changing needs EDITPAYMENTREQUESTS; every request belongs
 * to the caller's current practice and another practice's id answers 404.
 */
import { z } from 'zod';
import { validationMessages } from '../validation/messages.js';
import { NotifyFields, checkChannels } from './channels.js';
import { Cents, IsoDate, PageNumber, RecordId } from './common.js';
import { get, post } from './endpoint.js';
import { LinkState } from './patientLinks.js';

export const PaymentRequestStatus = z.enum(['UNPAID', 'PAID', 'CANCELLED']);
export type PaymentRequestStatus = z.infer<typeof PaymentRequestStatus>;

export const RequestId = z.uuid('The id must be a payment request id.');

/** The spec's notification entity (part 1, section 3), plus its status, message and cancellation. */
export const PaymentRequest = z
  .object({
    id: z.string(),
    /** The practice system's patient number. */
    patientKey: z.number().int().nullable(),
    customerId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    /** The address(es) it was e-mailed to; '' when not e-mailed. */
    eMail: z.string(),
    /** The mobile it was texted to; '' when not texted. */
    toPhone: z.string(),
    /** The amount requested, before any surcharge. */
    amount: Cents,
    /** Once paid: the amount paid before the surcharge (null until then). */
    orderAmount: Cents.nullable(),
    /** Once paid: the surcharge paid (a credit card at a surcharging practice); 0 until then. */
    surchargeAmount: Cents,
    /** Once paid: what the card was charged, `orderAmount + surchargeAmount`; until then the amount requested. */
    total: Cents,
    /** The practice's note to the patient; '' for none. */
    message: z.string(),
    status: PaymentRequestStatus,
    created: z.string(),
    /** When the patient first opened the payment page. */
    paymentPage: z.string().nullable(),
    paid: z.string().nullable(),
    cancelled: z.string().nullable(),
    /** When the last reminder was sent. */
    resent: z.string().nullable(),
    /** Every reminder, newest first. */
    notificationsResent: z.array(z.object({ dateTime: z.string() })),
    /**
     * The patient's link to the payment page. Only for callers with EDITPAYMENTREQUESTS (the spec gives
     * Copy Link to that role): null for the others.
     */
    link: z.string().nullable(),
  })
  .extend(LinkState.shape);
export type PaymentRequest = z.infer<typeof PaymentRequest>;

export const MAX_REQUEST_AMOUNT = 99_999_999;

export const create = post('/api/notification/create', {
  summary: 'Creates a payment request for a customer and sends its link by text and/or e-mail.',
  body: NotifyFields.extend({
    customerId: RecordId,
    amount: z
      .number()
      .int('The amount must be whole cents.')
      .min(1, validationMessages.greaterThanZero('Amount'))
      .max(MAX_REQUEST_AMOUNT, 'The amount is too large.'),
    message: z.string().trim().max(500, 'The message can be at most 500 characters.').default(''),
  }).superRefine(checkChannels),
  value: PaymentRequest,
  idempotent: true,
});

export const getNotification = get('/api/notification/getnotification', {
  summary: 'One payment request of the current practice.',
  query: z.object({ id: RequestId }),
  value: PaymentRequest,
});

const Ids = z.object({
  ids: z
    .array(RequestId)
    .min(1, 'Choose at least one payment request.')
    .max(100, 'Choose at most 100 payment requests.'),
});

export const remind = post('/api/notification/remind', {
  summary:
    'Sends each unpaid request again on its channels and records the reminder. All or nothing: a paid or cancelled one, or one whose link has expired (send a new link), refuses the whole call.',
  body: Ids,
  value: z.object({ notifications: z.array(PaymentRequest) }),
});

export const sendNewLink = post('/api/notification/sendNewLink', {
  summary:
    'Send New Link: sends an unpaid request again with a new link, on its channels; the link sent before stops working at once. For an expired or lost link.',
  body: z.object({ id: RequestId }).strict(),
  value: PaymentRequest,
});

export const remove = post('/api/notification/remove', {
  summary:
    'Cancels unpaid requests: their links take no payment from then on. Already cancelled ones stay as they are; a paid one refuses the whole call.',
  body: Ids,
  value: z.object({ notifications: z.array(PaymentRequest) }),
});

export const list = post('/api/notification/list', {
  writes: 'nothing',
  summary: "The practice's payment requests, newest first, filtered and paged (the Payment Requests page).",
  body: z
    .object({
      /** A patient's name ("first last" works), e-mail or patient number: a prefix, as the patient search. */
      search: z.string().trim().max(100).optional(),
      customerId: RecordId.optional(),
      /** Any of these; all when absent or empty. */
      statuses: z.array(PaymentRequestStatus).optional(),
      /** Created on or after this day (the practice's calendar). */
      startDate: IsoDate.optional(),
      /** Created on or before this day. */
      endDate: IsoDate.optional(),
      page: PageNumber.default(1),
      /** The spec's default page size is 10. */
      pageSize: z.number().int().min(1).max(100).default(10),
    })
    .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, {
      path: ['endDate'],
      message: 'The end date must not be before the start date.',
    }),
  value: z.object({
    notifications: z.array(PaymentRequest),
    /** How many match the filter, over all pages. */
    totalCount: z.number().int(),
  }),
});
