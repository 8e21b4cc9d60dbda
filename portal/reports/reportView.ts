/**
 * What a report is, to the Reports page: its tab, its call, the options it adds to the period and
 * the clinics (kept in the address under their keys), and the body that shows its answer (a chart
 * and a table). The page (ReportsPage.tsx) owns the rest: the filters, the loading state, the
 * cancelling of a superseded request, the export and the print. `views.ts` lists them.
 */
import type { ComponentType } from 'react';
import type { BodyOut, Endpoint, ValueOf } from '../../embed-sdk/contract/endpoint.js';
import type { ReportName, ReportRangeFields } from '../../embed-sdk/contract/reports.js';
import type { Session } from '../session/session.js';

/** A choice the report offers beside the period (collections' "Group by", for one). */
export interface ReportOption {
  /** Its field in the report's request, and its parameter in the address. */
  key: string;
  label: string;
  choices: readonly { value: string; label: string }[];
  /** The choice when the address names none. */
  defaultValue: string;
}

export interface ReportBodyProps<E extends Endpoint> {
  value: ValueOf<E>;
  /** The request that answered it: the period, the clinics and the options. */
  request: BodyOut<E> & ReportRangeFields;
}

export interface ReportView<E extends Endpoint = Endpoint> {
  name: ReportName;
  /** Its tab and its printed title: 'Collections'. */
  title: string;
  /** One sentence under the filters: what the report answers. */
  description: string;
  endpoint: E;
  options?: readonly ReportOption[];
  /** Whether this practice has the report (insurance reimbursements: Open Dental only). */
  available?: (session: Session) => boolean;
  /** The answer: its chart and its table, each figure linking to the records behind it. */
  Body: ComponentType<ReportBodyProps<E>>;
}

/** Declares a report's view, keeping its request's and its answer's types together. */
export function defineReportView<E extends Endpoint>(view: ReportView<E>): ReportView<E> {
  return view;
}
