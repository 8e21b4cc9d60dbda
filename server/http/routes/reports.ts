/**
 * Reports (server/reports/): each report's call, and the CSV export of any of them. Every report
 * needs VIEWDASHBOARD and reads only the caller's practice; the export's file is served to its link.
 */
import { Readable } from 'node:stream';
import * as contract from '../../../embed-sdk/contract/reports.js';
import { REPORTS } from '../../reports/definitions.js';
import { exportReportFile, exportReportLink } from '../../reports/export.js';
import { defineRoute, practiceOf } from '../route.js';

const viewing = { access: { anyRole: ['VIEWDASHBOARD' as const] } };

export const reportRoutes = [
  ...Object.values(REPORTS).map((report) =>
    defineRoute(report.endpoint, viewing, async ({ ctx, caller, body }) =>
      report.run(ctx, practiceOf(caller), body as Parameters<typeof report.run>[2]),
    ),
  ),

  defineRoute(contract.exportReport, viewing, async ({ ctx, caller, body }) =>
    exportReportLink(ctx, practiceOf(caller), body),
  ),

  defineRoute(contract.exportReportCsv, { access: 'public' }, async ({ ctx, query }) => {
    const file = await exportReportFile(ctx, query.token);
    return {
      raw: Readable.from(file.lines),
      contentType: 'text/csv; charset=utf-8',
      headers: {
        'content-disposition': `attachment; filename="${file.filename}"`,
        'cache-control': 'no-store',
      },
    };
  }),
];
