/**
 * What the attack tests share: every endpoint the server registers (from the same route lists the
 * server is built from, so an endpoint added later is attacked the day it lands), requests built
 * from their zod schemas, and which record each id field names.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import type { Endpoint, Envelope } from '../../embed-sdk/contract/endpoint.js';
import type { RouteDef } from '../../server/http/route.js';
import { healthRoutes } from '../../server/http/health.js';
import { apiRoutes } from '../../server/http/routes/index.js';
import { sandboxRoutes } from '../../server/http/sandbox.js';
import { jsonText, sampleAccepted, type FieldHint } from './contractArbitraries.js';
import type { RecordIds, RecordKind } from './practiceRecords.js';
import type { TestServer } from './server.js';

export const ROUTES: RouteDef[] = [...apiRoutes, ...healthRoutes, ...sandboxRoutes];

export const nameOf = (e: Endpoint) => `${e.method} ${e.path}`;

/** Record kinds by field name, for every endpoint. */
const KIND_BY_FIELD: Record<string, RecordKind> = {
  customerId: 'customer',
  key: 'patientKey',
  customerKey: 'patientKey',
  guarantorId: 'patientKey',
  patNum: 'patientKey',
  customerSavedCardId: 'savedCard',
  paymentPlanId: 'paymentPlan',
  paymentPlanDetailId: 'planDetail',
  paymentLedgerId: 'ledgerItem',
  notificationId: 'paymentRequest',
  ids: 'paymentRequest',
  companyId: 'company',
  clientId: 'integration',
  transactionId: 'transaction',
  referenceId: 'transactionReference',
  toPatientId: 'patientKey',
  patientKey: 'patientKey',
  customerMembershipBillingId: 'membership',
  membershipPlanId: 'membershipPlan',
};

/** Fields that name another record on some endpoints than `KIND_BY_FIELD` says. */
const KIND_OF_FIELD: Record<string, Record<string, RecordKind | 'none'>> = {
  // The list's filter takes a transaction ID as people see it (or a whole reference), not a row id.
  'POST /api/transaction/transactions': { transactionId: 'transactionReference' },
  'POST /api/transaction/export': { transactionId: 'transactionReference' },
  'POST /api/membershipPlan/reorder': { ids: 'membershipPlan' },
  // The audit log's record of any kind (a practice, a user, a gateway…), named by its type.
  'GET /api/admin/audit': { targetId: 'none' },
  // A processor account's ids and key are the card provider's, not records of ours.
  'POST /api/admin/gateway': { businessId: 'none', appId: 'none', storeId: 'none', apiKey: 'none' },
  // A posting of the practice named beside it (companyId): an administrator's, of any practice.
  'POST /api/admin/connector/retry': { postingId: 'none' },
  // A connector's tunnel key is its credential, not a record.
  'POST /sandbox/practiceSystem/heartbeat': { key: 'none' },
  // An administrator's move names its practices and a patient of the destination, any practice's.
  'POST /api/admin/move/preview': { companyId: 'none', toCompanyId: 'none', toPatientId: 'none' },
  'POST /api/admin/move': { companyId: 'none', toCompanyId: 'none', toPatientId: 'none' },
  // An administrator's import and posted approval name the practice they are for, any practice's;
  // the import's key is its request's Idempotency-Key, a posted approval's reference the processor's.
  'POST /api/admin/import/preview': { companyId: 'none' },
  'POST /api/admin/import': { companyId: 'none' },
  'GET /api/admin/import/progress': { companyId: 'none', key: 'none' },
  'GET /api/admin/approvals/unrecorded': { companyId: 'none' },
  'POST /api/admin/approvals/post': { companyId: 'none', referenceId: 'none' },
  // A wallet run's key is its request's Idempotency-Key.
  'GET /api/admin/wallets/run': { key: 'none' },
  // The server log's filter: Fastify's request id, a text a line carries, not a record.
  'GET /api/admin/logs': { requestId: 'none' },
};

/** `id` and `Id` name a different record on each endpoint. */
const KIND_OF_ID: Record<string, RecordKind | 'none'> = {
  'GET /api/customer/getCustomer': 'customer',
  'POST /api/customer/update': 'customer',
  'POST /api/customer/transition': 'customer',
  'GET /api/patient/getAvatar': 'patientKey',
  'GET /api/patient/getProceduresDue': 'patientKey',
  'POST /api/customerSavedCard/InActivate': 'savedCard',
  'POST /api/customerSavedCard/makeDefault': 'savedCard',
  'GET /api/notification/getnotification': 'paymentRequest',
  'POST /api/notification/sendNewLink': 'paymentRequest',
  'GET /api/transaction/getTransaction': 'transactionReference',
  'GET /api/transaction/transaction': 'transaction',
  'POST /api/transaction/remove': 'transaction',
  'POST /api/transaction/retryPosting': 'transaction',
  'POST /api/transaction/refundVoid': 'transactionResult',
  'POST /api/paymentPlan/updateDetail': 'planDetail',
  'POST /api/paymentPlan/moveDetail': 'planDetail',
  'POST /api/auth/loginFromCompany': 'company',
  'GET /api/customerMembershipBilling/getCustomerMembershipBilling': 'membership',
  'POST /api/customerMembershipBilling/setActive': 'membership',
  'POST /api/customerMembershipBilling/setRenewMode': 'membership',
  'POST /api/customerMembershipBilling/dontRenewNextYearlyCycle': 'membership',
  'POST /api/customerMembershipBilling/renewNextYearlyCycle': 'membership',
  'POST /api/customerMembershipBilling/restartExpiredYearlyMembership': 'membership',
  'POST /api/customerMembershipBilling/saveMembershipChanges': 'membership',
  'POST /api/customerMembershipBilling/notifyPatient': 'membership',
  'POST /api/customerMembershipBilling/sendNewEnrollmentLink': 'membership',
  'POST /api/customerMembershipBilling/processPayment': 'membership',
  'POST /api/customerMembershipBilling/cancel': 'membership',
  'POST /api/customerMembershipBilling/setCustomerSavedCard': 'membership',
  'POST /api/membershipPlan/update': 'membershipPlan',
  'POST /api/membershipPlan/setActive': 'membershipPlan',
  'GET /api/insurance/getInsurancePayment': 'insurancePayment',
  'GET /api/settings/bulkRequests/run': 'bulkRun',
  'GET /api/admin/company': 'company',
  'POST /api/admin/company': 'company',
  // A person belongs to no one practice: the admin area names them by their own id.
  'GET /api/admin/user': 'none',
  'POST /api/admin/user/resendInvitation': 'none',
  'POST /api/admin/user/access': 'none',
  'POST /api/admin/user/disable': 'none',
  // A user notification belongs to a person (or to everyone), not to a practice.
  'POST /api/userNotification/updateUserNotificationDate': 'none',
  // A plan or a membership of the practice named beside it (companyId), by its item type.
  'POST /api/admin/queue/retryBilling': 'none',
  // An anomaly is the platform's checks' finding, listed across every practice.
  'POST /api/admin/anomaly/resolve': 'none',
  // A notification the admin area wrote, for everyone, a practice or a person.
  'POST /api/admin/notification/withdraw': 'none',
};

/** Fields that look like ids but name no record: a clinic is a number within a practice. */
const NOT_RECORDS = new Set(['clinicNum']);

const ID_LIKE = /(^id$|Id$|^ids$|Key$|^key$|^patNum$)/;

export interface IdField {
  /** The field's path in the query or body (`paymentPlanId`, `ids`). */
  path: string;
  kind: RecordKind;
  isArray: boolean;
}

/** The id fields of an endpoint's query or body, with the record each names. Throws on one it cannot place. */
export function idFieldsOf(endpoint: Endpoint): IdField[] {
  const name = nameOf(endpoint);
  const fields: IdField[] = [];
  for (const schema of [endpoint.query, endpoint.body]) {
    const shape = objectShape(schema);
    for (const [field, fieldSchema] of Object.entries(shape)) {
      if (!ID_LIKE.test(field) || NOT_RECORDS.has(field)) continue;
      const kind =
        field === 'id' || field === 'Id'
          ? KIND_OF_ID[name]
          : (KIND_OF_FIELD[name]?.[field] ?? KIND_BY_FIELD[field]);
      if (kind === 'none') continue;
      if (!kind) {
        throw new Error(
          `${name}: the field "${field}" looks like an id, but the attack tests do not know which record it names. Add it to KIND_BY_FIELD or KIND_OF_ID in tests/support/attacks.ts.`,
        );
      }
      fields.push({ path: field, kind, isArray: isArraySchema(fieldSchema) });
    }
  }
  return fields;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema as unknown as { _zod: { def: { type: string; innerType?: unknown; in?: unknown } } };
  for (;;) {
    const d = s._zod.def;
    if (d.innerType) s = d.innerType as typeof s;
    else if (d.type === 'pipe' && d.in) s = d.in as typeof s;
    else return s as unknown as z.ZodType;
  }
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> {
  const def = (
    unwrap(schema) as unknown as { _zod: { def: { type: string; shape?: Record<string, z.ZodType> } } }
  )._zod.def;
  return def.type === 'object' ? (def.shape ?? {}) : {};
}

function isArraySchema(schema: z.ZodType): boolean {
  return (unwrap(schema) as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'array';
}

/** A field hint that fills every id field with one of a practice's real records. */
export function realRecords(endpoint: Endpoint, records: RecordIds): FieldHint {
  const kinds = new Map(idFieldsOf(endpoint).map((f) => [f.path, f]));
  return (field, path) => {
    const f = kinds.get(path);
    if (!f) return undefined;
    const pool = records[f.kind];
    if (pool.length === 0) return undefined;
    const one = fc.constantFrom(...pool);
    return f.isArray ? fc.array(one, { minLength: 1, maxLength: 2 }) : one;
  };
}

/** Valid requests of an endpoint, its id fields filled with real records of one practice. */
export function sampleRequests(endpoint: Endpoint, records: RecordIds, count: number, seed: number) {
  const hint = realRecords(endpoint, records);
  const name = nameOf(endpoint);
  const query = sampleAccepted(endpoint.query, count, seed, hint, `${name}'s query`);
  const body =
    endpoint.method === 'POST'
      ? sampleAccepted(endpoint.body, count, seed + 1, hint, `${name}'s body`)
      : query.map(() => undefined);
  return query.map((q, i) => ({ query: q as Record<string, unknown>, body: body[i] }));
}

/** A query string from a sample (arrays as repeated keys, as URLSearchParams and the SDK send them). */
export function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      params.append(k, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export interface Answer {
  status: number;
  body: Envelope<unknown> | null;
  text: string;
}

/** Sends a request the way a client of the API would, and reads the answer whatever it is. */
export async function send(
  server: Pick<TestServer, 'url'>,
  endpoint: Endpoint,
  request: { query?: unknown; body?: unknown; token?: string | null; headers?: Record<string, string> },
): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (endpoint.idempotent && !headers['idempotency-key']) headers['idempotency-key'] = crypto.randomUUID();
  let body: string | undefined;
  if (endpoint.method === 'POST') {
    headers['content-type'] = 'application/json';
    body = jsonText(request.body === undefined ? {} : request.body);
  }
  const res = await fetch(`${server.url}${endpoint.path}${queryString(request.query)}`, {
    method: endpoint.method,
    headers,
    body,
  });
  const text = await res.text();
  let parsed: Envelope<unknown> | null = null;
  try {
    parsed = JSON.parse(text) as Envelope<unknown>;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text };
}

/** Runs `work` over `items`, `width` at a time. */
export async function inPool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
