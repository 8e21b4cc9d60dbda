/**
 * Patients, clinics and the practice for the patient search's tests, and the fake SDK
 * (widgets/ui/testing/fakeSdk.ts) with what every search asks first already answered.
 */
import type { CompanyFixture } from '../../ui/testing/fakeSdk.js';
import type { Patient } from '../../../embed-sdk/contract/patient.js';
import {
  createFakeSdk as createSharedFakeSdk,
  FRAN_DESK,
  ok,
  type FakeCall,
  type FakeHandler,
} from '../../ui/testing/fakeSdk.js';

export { ok, refused } from '../../ui/testing/fakeSdk.js';
export type Call = FakeCall;

export const BRIGHT_SMILES: CompanyFixture = {
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

/**
 * The fake SDK with the practice, its clinics, an empty search and no pictures answered; `handlers`
 * add to them or replace them. The person is Fran Desk, with `profile`'s roles.
 */
export function createFakeSdk(
  handlers: Record<string, FakeHandler> = {},
  profile: { isAdmin: boolean; practices: { id: number; roles: string[] }[] } = FRAN_DESK,
) {
  return createSharedFakeSdk(
    {
      '/api/company/current': () => ok(BRIGHT_SMILES),
      '/api/company/clinics': () => ok({ clinics: CLINICS }),
      '/api/patient/searchPatient': () => ok({ patients: [], clinicCount: 3 }),
      '/api/patient/patientsInPractice': () => ok({ patients: [], clinicCount: 3 }),
      '/api/patient/getAvatar': () => Promise.reject(new Error('404')),
      ...handlers,
    },
    { profile: { ...FRAN_DESK, ...profile } as typeof FRAN_DESK },
  );
}
