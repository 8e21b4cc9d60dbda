/** Every report the server answers (server/reports/registry.ts): one line each. */
import type { ReportName } from '../../embed-sdk/contract/reports.js';
import { collections } from './collections.js';
import type { ReportDefinition } from './registry.js';

// Each definition keeps its own request's and answer's types; the list holds any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const REPORTS: Partial<Record<ReportName, ReportDefinition<any>>> = {
  collections,
};
