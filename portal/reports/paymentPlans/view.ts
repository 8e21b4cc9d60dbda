/** The Payment plans report's tab on the Reports page (reportView.ts). */
import { paymentPlansReport } from '../../../embed-sdk/contract/reportPaymentPlans.js';
import { defineReportView } from '../reportView.js';
import { PaymentPlansBody } from './PaymentPlansBody.js';

export const paymentPlansView = defineReportView({
  name: 'paymentPlans',
  title: 'Payment plans',
  description:
    'What patients still owe on plans, how late the late part is, and the plans completed and canceled.',
  endpoint: paymentPlansReport,
  Body: PaymentPlansBody,
});
