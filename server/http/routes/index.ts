/** Every contract route the sandbox serves. */
import type { RouteDef } from '../route.js';
import { authRoutes } from './auth.js';
import { companyRoutes } from './company.js';
import { configRoutes } from './config.js';
import { notificationRoutes } from './notification.js';
import { patientRoutes } from './patient.js';

export const apiRoutes = [
  ...configRoutes,
  ...authRoutes,
  ...companyRoutes,
  ...notificationRoutes,
  ...patientRoutes,
] as unknown as RouteDef[];
