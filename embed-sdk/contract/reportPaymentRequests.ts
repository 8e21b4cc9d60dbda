/**
 * The Payment requests report (`#/reports/paymentRequests`): of the payment requests sent in the
 * period, how many the patients opened and paid, how long paying took, and the conversion by the
 * channel they were sent on.
 *
 * A request counts in the period of the day it was sent (created), in the server's calendar, as the
 * Payment Requests page's date filter counts it; what became of it afterwards (opened, paid) counts
 * whenever it happened, up to now. Cancelled requests were sent and count as sent. With clinics, only
 * the requests of patients of those clinics.
 */
import { z } from 'zod';
import { Cents } from './common.js';
import { post } from './endpoint.js';
import { ReportRangeFields, checkRange } from './reports.js';

/**
 * The channel a request was sent on: TEXT (a mobile number and no e-mail), EMAIL (an e-mail address
 * and no mobile), BOTH.
 */
export const RequestChannel = z.enum(['TEXT', 'EMAIL', 'BOTH']);
export type RequestChannel = z.infer<typeof RequestChannel>;

/** The channels' names in the report's table and its CSV. */
export const REQUEST_CHANNEL_LABELS: Record<RequestChannel, string> = {
  TEXT: 'Text',
  EMAIL: 'E-mail',
  BOTH: 'Text and e-mail',
};

export const RequestFigures = z.object({
  /** Requests sent in the period. */
  sent: z.number().int().min(0),
  /** Of those, the ones whose payment page the patient opened (paid ones included). */
  viewed: z.number().int().min(0),
  /** Of those, the ones paid. */
  paid: z.number().int().min(0),
  /** What the paid ones charged, surcharges included (the payment's amount plus its surcharge). */
  paidAmount: Cents,
  /**
   * The median time from sending to payment of the paid ones, in seconds (the continuous median:
   * halfway between the two middle ones for an even count); null when none is paid.
   */
  medianSecondsToPay: z.number().min(0).nullable(),
  /** `paid ÷ sent`, from 0 to 1; null when none was sent. */
  conversion: z.number().min(0).max(1).nullable(),
});
export type RequestFigures = z.infer<typeof RequestFigures>;

export const ChannelFigures = RequestFigures.extend({ channel: RequestChannel });
export type ChannelFigures = z.infer<typeof ChannelFigures>;

export const PaymentRequestsReport = z.object({
  totals: RequestFigures,
  /** Every channel, in the order TEXT, EMAIL, BOTH (zeros for a channel with no request). */
  byChannel: z.array(ChannelFigures),
});
export type PaymentRequestsReport = z.infer<typeof PaymentRequestsReport>;

export const reportPaymentRequests = post('/api/reports/paymentRequests', {
  writes: 'nothing',
  summary:
    'The Payment requests report: requests sent in the period, viewed and paid, the median time to pay and the conversion, in total and by channel.',
  body: ReportRangeFields.superRefine(checkRange),
  value: PaymentRequestsReport,
});
