/** The Memberships report's tab on the Reports page (reportView.ts). */
import { membershipsReport } from '../../../embed-sdk/contract/reportMemberships.js';
import { defineReportView } from '../reportView.js';
import { MembershipsBody } from './MembershipsBody.js';

export const membershipsView = defineReportView({
  name: 'memberships',
  title: 'Memberships',
  description:
    'Who is a member, who joined and who left, what memberships bring in a month, and the renewals coming up.',
  endpoint: membershipsReport,
  Body: MembershipsBody,
});
