/** Patients as the contract shows them. */
import type * as contract from '../../embed-sdk/contract/patient.js';
import { hasAvatar } from './avatar.js';
import type { PatientRow } from './store.js';

const ROUTER_NAME = 'CustomerIndex';

export function toPatient(
  row: PatientRow,
  appointment: contract.Patient['appointment'] = null,
): contract.Patient {
  return {
    key: row.key,
    id: row.customerId,
    customerId: row.customerId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    cell: row.cell,
    zip: row.zip,
    clinicNum: row.clinicNum,
    guarantorId: row.guarantorId,
    birthdate: row.birthdate,
    clinicDescription: row.clinicDescription ?? 'Headquarters',
    routerName: ROUTER_NAME,
    hasAvatar: hasAvatar(row.key),
    appointment,
  };
}

/** A patient who is a customer, as the patient form's calls answer. */
export function toCustomer(p: contract.Patient): contract.Customer {
  if (p.customerId === null) throw new Error('expected a customer');
  const { appointment: _appointment, ...rest } = p;
  return { ...rest, id: p.customerId, customerId: p.customerId };
}
