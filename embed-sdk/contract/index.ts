/**
 * The whole API contract, per resource. The server registers every endpoint found here; the SDK
 * binds one typed function to each.
 */
export * from './endpoint.js';
export * from './common.js';
export * as auth from './auth.js';
export * as company from './company.js';
export * as notification from './notification.js';
export * as config from './config.js';
export * as sandbox from './sandbox.js';
export * as health from './health.js';
export * as realtime from './realtime.js';
export * as patient from './patient.js';
export * as savedCard from './savedCard.js';
export * as paymentRequest from './paymentRequest.js';
export * as paymentPage from './paymentPage.js';
export * as transaction from './transaction.js';
export * as allocation from './allocation.js';
export * as surcharge from './surcharge.js';
export * as dashboard from './dashboard.js';
export * as reports from './reports.js';
export * as reportCollections from './reportCollections.js';
export * as reportPaymentPlans from './reportPaymentPlans.js';
export * as reportMemberships from './reportMemberships.js';
export * as reportPaymentRequests from './reportPaymentRequests.js';
export * as reportInsurance from './reportInsurance.js';
export * as reportSync from './reportSync.js';
export * as paymentPlan from './paymentPlan.js';
export * as refund from './refund.js';
export * as widget from './widget.js';
export * as settings from './settings.js';
export * as practiceSettings from './practiceSettings.js';
export * as messageTemplates from './messageTemplates.js';
export * as reminders from './reminders.js';
export * as bulkRequests from './bulkRequests.js';
export * as membership from './membership.js';
export * as insurance from './insurance.js';
export * as admin from './admin.js';
export * as connectors from './connectors.js';
export * as queues from './queues.js';
export * as anomalies from './anomalies.js';
export * as overview from './overview.js';
export * as announcements from './announcements.js';
