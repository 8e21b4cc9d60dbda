/** Every report the Reports page offers, in its tabs' order (reportView.ts): one line each. */
import { reportInsurance } from '../../embed-sdk/contract/reportInsurance.js';
import { reportPaymentRequests } from '../../embed-sdk/contract/reportPaymentRequests.js';
import { reportSync } from '../../embed-sdk/contract/reportSync.js';
import { InsuranceBody } from './insurance/InsuranceBody.js';
import { PaymentRequestsBody } from './paymentRequests/PaymentRequestsBody.js';
import { defineReportView, type ReportView } from './reportView.js';
import { SyncBody } from './sync/SyncBody.js';

// Each view keeps its own request's and answer's types; the list holds any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const REPORT_VIEWS: readonly ReportView<any>[] = [
  defineReportView({
    name: 'paymentRequests',
    title: 'Payment requests',
    description:
      'Requests sent in the period: how many patients opened and paid them, how fast, and through which channel.',
    endpoint: reportPaymentRequests,
    Body: PaymentRequestsBody,
  }),
  defineReportView({
    name: 'insurance',
    title: 'Insurance reimbursements',
    description:
      'What carriers reimbursed and wrote off in the period, and what patients were asked to pay and have paid, by carrier.',
    endpoint: reportInsurance,
    available: (session) => session.gatewayCode === 'OPENDENTAL',
    Body: InsuranceBody,
  }),
  defineReportView({
    name: 'sync',
    title: 'Practice-system sync',
    description:
      "The period's payments not yet posted to the practice system, and the failed ones with their reason.",
    endpoint: reportSync,
    Body: SyncBody,
  }),
];
