/**
 * A stand-in SDK for the patient search's component tests: `api.call` answers from per-path
 * handlers and records each call, as the real client would see them.
 */
import { vi } from 'vitest';
import type { Sdk } from '../../../embed-sdk/index.js';
import type { ChairsideEventMap } from '../../../embed-sdk/events.js';
import type { CurrentCompany } from '../../../embed-sdk/contract/company.js';
import type { Patient } from '../../../embed-sdk/contract/patient.js';

export interface Call {
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  noBanner?: boolean;
  noProgress?: boolean;
}

type Handler = (call: Call) => unknown;

export const ok = <T>(value: T) => ({ isSuccess: true as const, value, errors: [], showMessage: false });
export const refused = (message: string) => ({
  isSuccess: false as const,
  value: null,
  errors: [message],
  showMessage: true,
});

export const BRIGHT_SMILES: CurrentCompany = {
  id: 1,
  name: 'Bright Smiles Dental',
  gatewayCode: 'OPENDENTAL',
  hasSurcharging: true,
  allowAddPatient: true,
  noSchedule: false,
  doesAllocateProcedures: true,
  businessId: 'biz',
  appId: 'app',
};

export const CLINICS = [
  { clinicNum: 1, description: 'Headquarters' },
  { clinicNum: 2, description: 'Northside Clinic' },
  { clinicNum: 3, description: 'Lakeview Clinic' },
];

export function patient(over: Partial<Patient> & Pick<Patient, 'key' | 'firstName' | 'lastName'>): Patient {
  return {
    id: null,
    customerId: null,
    email: '',
    cell: '',
    zip: '78704',
    clinicNum: 1,
    guarantorId: over.key,
    clinicDescription: 'Headquarters',
    routerName: 'CustomerIndex',
    hasAvatar: false,
    appointment: null,
    ...over,
  };
}

export const MARIA = patient({
  key: 1001,
  id: 11,
  customerId: 11,
  firstName: 'Maria',
  lastName: 'Garcia',
  email: 'maria.garcia@example.com',
  cell: '5125550142',
});
export const CHIDI = patient({
  key: 1006,
  id: 16,
  customerId: 16,
  firstName: 'Chidi',
  lastName: 'Okafor',
  clinicNum: 2,
  clinicDescription: 'Northside Clinic',
});
export const GRACE = patient({
  key: 1007,
  id: 17,
  customerId: 17,
  firstName: 'Grace',
  lastName: 'Okafor',
  clinicNum: 3,
  clinicDescription: 'Lakeview Clinic',
});
export const NOAH = patient({
  key: 1008,
  firstName: 'Noah',
  lastName: 'Whitfield',
  email: 'noah.whitfield@example.com',
  cell: '7375550119',
  clinicNum: 3,
  clinicDescription: 'Lakeview Clinic',
});

export const customerOf = (p: Patient, id: number) => {
  const { appointment: _appointment, ...rest } = p;
  return { ...rest, id, customerId: id };
};

export function createFakeSdk(
  handlers: Record<string, Handler> = {},
  profile: { isAdmin: boolean; practices: { id: number; roles: string[] }[] } = {
    isAdmin: false,
    practices: [{ id: 1, roles: ['EDITPAYMENTREQUESTS'] }],
  },
) {
  const calls: Call[] = [];
  const banners: ChairsideEventMap['banner'][] = [];
  const routes: Record<string, Handler> = {
    '/api/company/current': () => ok(BRIGHT_SMILES),
    '/api/company/clinics': () => ok({ clinics: CLINICS }),
    '/api/patient/searchPatient': () => ok({ patients: [], clinicCount: 3 }),
    '/api/patient/patientsInPractice': () => ok({ patients: [], clinicCount: 3 }),
    '/api/patient/getAvatar': () => Promise.reject(new Error('404')),
    ...handlers,
  };
  const answer = async (endpoint: { path: string }, options: Omit<Call, 'path'> = {}) => {
    const call: Call = { path: endpoint.path, ...options };
    calls.push(call);
    const handler = routes[endpoint.path];
    if (!handler) throw new Error(`No fake answer for ${endpoint.path}`);
    return handler(call);
  };
  const emit = vi.fn((name: string, detail: unknown) => {
    if (name === 'banner') banners.push(detail as ChairsideEventMap['banner']);
  });
  const sdk = {
    config: { theme: 'light' },
    server: null,
    auth: {
      mode: 'oidc',
      ready: Promise.resolve(),
      getProfile: async () => ({ sub: '1', name: 'Fran Desk', email: null, ...profile }),
      signedIn: async () => true,
    },
    api: { baseUrl: 'http://sandbox.test', call: vi.fn(answer), callBinary: vi.fn(answer) },
    events: { emit, on: () => () => undefined },
    on: () => () => undefined,
    realtime: () => Promise.reject(new Error('not in tests')),
    now: () => new Date(),
  } as unknown as Sdk;
  /** The calls to one path, in order. */
  const callsTo = (path: string) => calls.filter((c) => c.path === path);
  return { sdk, calls, callsTo, banners };
}
