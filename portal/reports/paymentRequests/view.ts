/** The Payment requests report's tab on the Reports page (reportView.ts). */
import { reportPaymentRequests } from '../../../embed-sdk/contract/reportPaymentRequests.js';
import { defineReportView } from '../reportView.js';
import { PaymentRequestsBody } from './PaymentRequestsBody.js';

export const paymentRequestsView = defineReportView({
  name: 'paymentRequests',
  title: 'Payment requests',
  description:
    'Requests sent in the period: how many patients opened and paid them, how fast, and through which channel.',
  endpoint: reportPaymentRequests,
  Body: PaymentRequestsBody,
});
