/** The practice-system integrations of the demo practices: Bright Smiles Dental's Open Dental add-on. */
import { DEMO_INTEGRATION } from '../../practice-addon/demo.js';
import { createIntegration } from '../../settings/integrations.js';
import type { Db } from '../client.js';

export async function seedIntegrations(db: Db, now: Date) {
  await createIntegration(db, { ...DEMO_INTEGRATION, now });
}
