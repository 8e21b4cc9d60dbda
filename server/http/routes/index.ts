/** Every contract route the sandbox serves. */
import type { RouteDef } from '../route.js';
import { adminRoutes } from './admin.js';
import { allocationRoutes } from './allocation.js';
import { authRoutes } from './auth.js';
import { bulkRequestRoutes } from './bulkRequests.js';
import { companyRoutes } from './company.js';
import { configRoutes } from './config.js';
import { dashboardRoutes } from './dashboard.js';
import { insuranceRoutes } from './insurance.js';
import { membershipRoutes } from './membership.js';
import { messageTemplateRoutes } from './messageTemplates.js';
import { notificationRoutes } from './notification.js';
import { patientRoutes } from './patient.js';
import { paymentPlanRoutes } from './paymentPlan.js';
import { paymentPageRoutes } from './paymentPage.js';
import { paymentRequestRoutes } from './paymentRequest.js';
import { refundRoutes } from './refund.js';
import { reminderRoutes } from './reminders.js';
import { reportRoutes } from './reports.js';
import { widgetRoutes } from './widget.js';
import { savedCardRoutes } from './savedCard.js';
import { settingsRoutes } from './settings.js';
import { surchargeRoutes } from './surcharge.js';
import { transactionRoutes } from './transaction.js';
import { transactionChangeRoutes } from './transactionChanges.js';

export const apiRoutes = [
  ...configRoutes,
  ...authRoutes,
  ...companyRoutes,
  ...notificationRoutes,
  ...patientRoutes,
  ...dashboardRoutes,
  ...reportRoutes,
  ...savedCardRoutes,
  ...paymentRequestRoutes,
  ...paymentPageRoutes,
  ...transactionRoutes,
  ...transactionChangeRoutes,
  ...allocationRoutes,
  ...surchargeRoutes,
  ...paymentPlanRoutes,
  ...membershipRoutes,
  ...insuranceRoutes,
  ...refundRoutes,
  ...widgetRoutes,
  ...settingsRoutes,
  ...messageTemplateRoutes,
  ...reminderRoutes,
  ...bulkRequestRoutes,
  ...adminRoutes,
] as unknown as RouteDef[];
