/** The current practice: its clinics. */
import { z } from 'zod';
import { get } from './endpoint.js';

export const Clinic = z.object({ clinicNum: z.number().int(), description: z.string() });
export type Clinic = z.infer<typeof Clinic>;

export const clinics = get('/api/company/clinics', {
  summary: "The current practice's clinics.",
  value: z.object({ clinics: z.array(Clinic) }),
});
