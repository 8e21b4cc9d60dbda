/** Every report the server answers (server/reports/registry.ts): one line each. */
import type { ReportName } from '../../embed-sdk/contract/reports.js';
import { collections } from './collections.js';
import { insuranceReport } from './insurance.js';
import { membershipsReport } from './memberships.js';
import { paymentPlansReport } from './paymentPlans.js';
import { paymentRequestsReport } from './paymentRequests.js';
import type { ReportDefinition } from './registry.js';
import { syncReport } from './sync.js';

// Each definition keeps its own request's and answer's types; the list holds any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const REPORTS: Partial<Record<ReportName, ReportDefinition<any>>> = {
  collections,
  paymentPlans: paymentPlansReport,
  memberships: membershipsReport,
  paymentRequests: paymentRequestsReport,
  insurance: insuranceReport,
  sync: syncReport,
};
