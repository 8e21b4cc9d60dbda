/** The Insurance reimbursements report's tab on the Reports page (reportView.ts). */
import { reportInsurance } from '../../../embed-sdk/contract/reportInsurance.js';
import { defineReportView } from '../reportView.js';
import { InsuranceBody } from './InsuranceBody.js';

export const insuranceView = defineReportView({
  name: 'insurance',
  title: 'Insurance reimbursements',
  description:
    'What carriers reimbursed and wrote off in the period, and what patients were asked to pay and have paid, by carrier.',
  endpoint: reportInsurance,
  // Open Dental practices only, as the Reimbursements page.
  available: (session) => session.gatewayCode === 'OPENDENTAL',
  Body: InsuranceBody,
});
