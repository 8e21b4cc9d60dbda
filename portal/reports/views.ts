/** Every report the Reports page offers, in its tabs' order (reportView.ts): one line each. */
import { collectionsView } from './collections/collectionsView.js';
import { insuranceView } from './insurance/view.js';
import { membershipsView } from './memberships/view.js';
import { paymentPlansView } from './paymentPlans/view.js';
import { paymentRequestsView } from './paymentRequests/view.js';
import type { ReportView } from './reportView.js';
import { syncView } from './sync/view.js';

// Each view keeps its own request's and answer's types; the list holds any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const REPORT_VIEWS: readonly ReportView<any>[] = [
  collectionsView,
  paymentPlansView,
  membershipsView,
  paymentRequestsView,
  insuranceView,
  syncView,
];
