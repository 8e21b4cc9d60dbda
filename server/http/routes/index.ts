/** Every contract route the sandbox serves. */
import type { RouteDef } from '../route.js';
import { authRoutes } from './auth.js';
import { companyRoutes } from './company.js';
import { configRoutes } from './config.js';
import { notificationRoutes } from './notification.js';

export const apiRoutes = [
  ...configRoutes,
  ...authRoutes,
  ...companyRoutes,
  ...notificationRoutes,
] as unknown as RouteDef[];
