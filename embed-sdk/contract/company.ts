/** The current practice: its clinics. */
import { z } from 'zod';
import { Role } from './common.js';
import { get } from './endpoint.js';

export const Clinic = z.object({ clinicNum: z.number().int(), description: z.string() });
export type Clinic = z.infer<typeof Clinic>;

export const clinics = get('/api/company/clinics', {
  summary: "The current practice's clinics.",
  value: z.object({ clinics: z.array(Clinic) }),
});

/** What widgets need to know about the current practice (its practice system and settings). */
export const CurrentCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  gatewayCode: z.enum(['DENTRIX', 'OPENDENTAL', 'DENTRIXNH', 'EAGLESOFT']),
  /** Whether its patients are surcharged: on, at a rate its state allows (rules/surcharge.ts). */
  hasSurcharging: z.boolean(),
  /** The practice allows adding patients from Chairside. */
  allowAddPatient: z.boolean(),
  /** The practice turned the completed-appointments list off. */
  noSchedule: z.boolean(),
  doesAllocateProcedures: z.boolean(),
  businessId: z.string(),
  appId: z.string(),
  /**
   * What the caller may do here, as the server holds it now (not as their token said when it was
   * issued): an administrator's change to their roles shows from the next read.
   */
  you: z.object({ isAdmin: z.boolean(), roles: z.array(Role) }),
});
export type CurrentCompany = z.infer<typeof CurrentCompany>;

export const current = get('/api/company/current', {
  summary: 'The current practice: its practice system and the settings widgets follow.',
  value: CurrentCompany,
});
