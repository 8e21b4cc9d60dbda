/** The practice's clinics, as the clinic picker lists them. */
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { clinicsOf } from './store.js';

export async function practiceClinics(ctx: AppContext, practice: PracticeId) {
  const rows = await clinicsOf(ctx.db, practice);
  return rows.map(({ clinicNum, description }) => ({ clinicNum, description }));
}
