/** <chairside-patient-search>: the element's code chunk (the loader imports it when one appears). */
import { z } from 'zod/mini';
import { defineWidget } from '../runtime/defineWidget.js';
import { flagAttribute, themeAttribute } from '../runtime/attributes.js';
import { patientSearchDefinition } from './definition.js';
import { PatientSearch } from './PatientSearch.js';

export const patientSearchAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    term: z.optional(z.string()),
    'clinic-num': z.optional(
      z.pipe(
        z.string(),
        z.transform((v, ctx) => {
          const n = Number(v);
          if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n)) {
            ctx.issues.push({
              code: 'custom',
              input: v,
              message: `must be a clinic number such as 2 (got "${v}")`,
            });
            return z.NEVER;
          }
          return n;
        }),
      ),
    ),
    'allow-add': flagAttribute(true),
    'no-schedule': flagAttribute(false),
  }),
  z.transform((a) => ({
    term: a.term,
    clinicNum: a['clinic-num'],
    allowAdd: a['allow-add'],
    noSchedule: a['no-schedule'],
  })),
);

export default defineWidget(patientSearchDefinition, PatientSearch, { attributes: patientSearchAttributes });
