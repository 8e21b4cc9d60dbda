/** Patient search and the patient form's calls. The flows are in server/patients/. */
import * as contract from '../../../embed-sdk/contract/patient.js';
import { patientPicture } from '../../patients/picture.js';
import { customerView, openPatient, updateCustomer } from '../../patients/profile.js';
import { findCustomers, findPatients, patientsToCollectFrom } from '../../patients/search.js';
import { defineRoute, practiceOf } from '../route.js';

export const patientRoutes = [
  defineRoute(contract.searchPatient, { access: 'member' }, async ({ ctx, caller, query }) =>
    findPatients(ctx, practiceOf(caller), query),
  ),

  defineRoute(contract.patientsInPractice, { access: 'member' }, async ({ ctx, caller }) =>
    patientsToCollectFrom(ctx, practiceOf(caller)),
  ),

  defineRoute(contract.getAvatar, { access: 'member' }, async ({ ctx, caller, query }) => {
    const { svg } = await patientPicture(ctx, practiceOf(caller), query.id);
    return { raw: Buffer.from(svg), contentType: 'image/svg+xml' };
  }),

  defineRoute(contract.transition, { access: 'member' }, async ({ ctx, caller, body }) =>
    openPatient(ctx, practiceOf(caller), caller, body),
  ),

  defineRoute(
    contract.update,
    { access: { anyRole: [...contract.PATIENT_EDIT_ROLES] } },
    async ({ ctx, caller, body }) => updateCustomer(ctx, practiceOf(caller), body),
  ),

  defineRoute(contract.getCustomer, { access: 'member' }, async ({ ctx, caller, query }) =>
    customerView(ctx, practiceOf(caller), query.id),
  ),

  defineRoute(contract.searchCustomer, { access: 'member' }, async ({ ctx, caller, query }) =>
    findCustomers(ctx, practiceOf(caller), query.name),
  ),
];
