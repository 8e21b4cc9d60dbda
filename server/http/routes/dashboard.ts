/** GET /api/dashboard/summary: the practice's collections and what needs attention (server/reports/). */
import * as contract from '../../../embed-sdk/contract/dashboard.js';
import { dashboardSummary } from '../../reports/summary.js';
import { defineRoute, practiceOf } from '../route.js';

export const dashboardRoutes = [
  defineRoute(contract.summary, { access: { anyRole: ['VIEWDASHBOARD'] } }, async ({ ctx, caller }) =>
    dashboardSummary(ctx, practiceOf(caller)),
  ),
];
