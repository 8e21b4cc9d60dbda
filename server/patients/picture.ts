/** A patient's picture from the practice system (the sandbox draws one for about a third of them). */
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { NotFoundError } from '../errors.js';
import { avatarSvg, hasAvatar } from './avatar.js';
import { findPatientName } from './store.js';

export async function patientPicture(ctx: AppContext, practice: PracticeId, key: number) {
  const patient = await findPatientName(ctx.db, practice, key);
  if (!patient || !hasAvatar(patient.patNum)) throw new NotFoundError('The patient’s picture');
  return { svg: avatarSvg(patient) };
}
