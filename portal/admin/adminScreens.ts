/**
 * The admin area's screens (spec part 2, section 2, and the screens it names only: Special Ops and
 * its operations). Their content, fields and actions are not in the spec; each page's file says its
 * purpose at its top.
 */
import type { ComponentType } from 'react';
import { lazyWithTimeout } from '../routing/lazyWithTimeout.js';

export interface AdminScreen {
  /** Relative to /admin; '' is the admin home. */
  path: string;
  title: string;
  /** The screen, loaded when it is opened (`lazyWithTimeout(() => import('./x/XPage.js'))`). */
  page: ComponentType;
}

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  {
    path: '',
    title: 'Admin Dashboard',
    page: lazyWithTimeout(() => import('./overview/OverviewPage.js')),
  },
  {
    path: 'anomalies',
    title: 'Anomalies',
    page: lazyWithTimeout(() => import('./anomalies/AnomaliesPage.js')),
  },
  {
    path: 'adminusers',
    title: 'Admin Users',
    page: lazyWithTimeout(() => import('./users/UsersPage.js')),
  },
  {
    path: 'adminuser/:id?',
    title: 'Admin User',
    page: lazyWithTimeout(() => import('./users/UserPage.js')),
  },
  {
    path: 'companies',
    title: 'Dentists',
    page: lazyWithTimeout(() => import('./companies/CompaniesPage.js')),
  },
  {
    path: 'company/:id?',
    title: 'Dentist',
    page: lazyWithTimeout(() => import('./companies/CompanyPage.js')),
  },
  {
    path: 'showTunnelKey',
    title: 'Tunnel Key',
    page: lazyWithTimeout(() => import('./connectors/TunnelKeyPage.js')),
  },
  {
    path: 'odlog/:id?',
    title: 'Open Dental Log',
    page: lazyWithTimeout(() => import('./connectors/ConnectorLogPage.js')),
  },
  {
    path: 'odServiceCheck',
    title: 'Open Dental Service Check',
    page: lazyWithTimeout(() => import('./connectors/ServiceCheckPage.js')),
  },
  {
    path: 'newCompany',
    title: 'New Dentist',
    page: lazyWithTimeout(() => import('./companies/NewCompanyPage.js')),
  },
  {
    path: 'gateways',
    title: 'Gateways',
    page: lazyWithTimeout(() => import('./gateways/GatewaysPage.js')),
  },
  {
    path: 'gateway',
    title: 'Gateway',
    page: lazyWithTimeout(() => import('./gateways/GatewayPage.js')),
  },
  {
    path: 'sysadmin',
    title: 'System Admin',
    page: lazyWithTimeout(() => import('./platform/SystemAdminPage.js')),
  },
  {
    path: 'bulkupgrade',
    title: 'Bulk Upgrade',
    page: lazyWithTimeout(() => import('./connectors/BulkUpgradePage.js')),
  },
  {
    path: 'bulkApplePayStatus',
    title: 'Bulk Apple Pay Status',
    page: lazyWithTimeout(() => import('./wallets/BulkApplePayStatusPage.js')),
  },
  {
    path: 'notificationManagement',
    title: 'Notification Management',
    page: lazyWithTimeout(() => import('./notifications/NotificationsPage.js')),
  },
  {
    path: 'logfiles',
    title: 'Log Files',
    page: lazyWithTimeout(() => import('./logs/LogFilesPage.js')),
  },
  {
    path: 'specialops',
    title: 'Special Ops',
    page: lazyWithTimeout(() => import('./operations/SpecialOpsPage.js')),
  },
  {
    path: 'movePaymentPlan',
    title: 'Move Payment Plan',
    page: lazyWithTimeout(() =>
      import('./operations/MovePage.js').then((m) => ({ default: m.MovePaymentPlanPage })),
    ),
  },
  {
    path: 'moveMembership',
    title: 'Move Membership',
    page: lazyWithTimeout(() =>
      import('./operations/MovePage.js').then((m) => ({ default: m.MoveMembershipPage })),
    ),
  },
  {
    path: 'moveTransaction',
    title: 'Move Transaction',
    page: lazyWithTimeout(() =>
      import('./operations/MovePage.js').then((m) => ({ default: m.MoveTransactionPage })),
    ),
  },
  {
    path: 'importTransactions',
    title: 'Import Transactions',
    page: lazyWithTimeout(() => import('./operations/ImportTransactionsPage.js')),
  },
  {
    path: 'postApproval',
    title: 'Post Approval',
    page: lazyWithTimeout(() => import('./operations/PostApprovalPage.js')),
  },
  {
    path: 'queues',
    title: 'Queues',
    page: lazyWithTimeout(() => import('./queues/QueuesPage.js')),
  },
];
