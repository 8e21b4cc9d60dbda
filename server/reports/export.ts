/**
 * Export CSV of a report, with the filters it was asked with. `exportReportLink` checks the request
 * as the report's own call would (a bad filter is refused now, naming its field, not in a broken
 * file) and answers a link that lives a minute (server/links/signedLinks.ts); the link's token holds
 * the practice, the report and its request. `exportReportFile` runs the report and streams its lines.
 */
import type { ReportName } from '../../embed-sdk/contract/reports.js';
import type { AppContext } from '../context.js';
import { asPracticeId, type PracticeId } from '../db/scope.js';
import { csvField, UTF8_BOM } from '../domain/transactions/exportCsv.js';
import { BadRequestError } from '../errors.js';
import { claimsOfToken, signedToken } from '../links/signedLinks.js';
import { REPORTS } from './definitions.js';
import type { CsvCell, ReportDefinition } from './registry.js';

export const REPORT_EXPORT_PATH = '/api/reports/export.csv';

interface LinkClaims {
  /** The practice the link reads. */
  p: number;
  /** The report. */
  r: ReportName;
  /** Its request, as its call takes it. */
  f: unknown;
}

function reportNamed(name: ReportName): ReportDefinition {
  const report = REPORTS[name];
  if (!report) throw new BadRequestError('body.report', 'There is no such report.');
  return report;
}

/** The request, parsed by the report's own schema: a refusal names the field under `field`. */
function requestOf(report: ReportDefinition, filters: unknown, field: string) {
  const parsed = report.endpoint.body.safeParse(filters);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BadRequestError([field, ...issue.path].join('.'), issue.message);
  }
  return parsed.data as Parameters<ReportDefinition['run']>[2];
}

export function exportReportLink(
  ctx: AppContext,
  practice: PracticeId,
  body: { report: ReportName; filters: Record<string, unknown> },
): { url: string; expires: string } {
  const report = reportNamed(body.report);
  requestOf(report, body.filters, 'body.filters');
  const claims: LinkClaims = { p: practice, r: body.report, f: body.filters };
  const { token, expires } = signedToken(ctx.linkKey, claims);
  return { url: `${ctx.publicUrl}${REPORT_EXPORT_PATH}?token=${token}`, expires: expires.toISOString() };
}

export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'object') return (cell.cents / 100).toFixed(2);
  return csvField(cell);
}

/** The file a link names: its name, and its lines as they are written. */
export async function exportReportFile(ctx: AppContext, token: string) {
  const claims = claimsOfToken(ctx.linkKey, token, 'the report') as unknown as LinkClaims;
  const report = reportNamed(claims.r);
  const request = requestOf(report, claims.f, 'query.token');
  // The report runs before the first byte, so a failure answers an error rather than a cut file.
  const value = await report.run(ctx, asPracticeId(claims.p), request);
  function* lines(): Generator<string> {
    yield UTF8_BOM;
    for (const row of report.csv(value, request)) yield `${row.map(csvCell).join(',')}\r\n`;
  }
  return { filename: `${report.name}-${request.from}-to-${request.to}.csv`, lines: lines() };
}
