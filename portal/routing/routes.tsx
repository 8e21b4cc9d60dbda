/**
 * Every route of the spec (part 1, section 2; the admin area from part 2, section 2), hash-style:
 *
 *   /login → /, / → /dashboard
 *   main shell (sidebar, top bar): dashboard, reports, theme, profile, managemembership,
 *     transactions, notifications, customermembershipbillings, paymentplans, insurancepayment,
 *     insurance, companyProfile, userProfile, test, and the patient page Customer/{id} (CustomerIndex)
 *   admin shell: /admin and its screens (administrators only)
 *   blank shell: terms-of-service, the public pages (publicRoutes.ts: p/{id}, card/{token},
 *     enroll/{token} and error, no sign-in; an address of theirs boots the small public app, see
 *     main.tsx), and not found for the rest
 *
 * Screens load on demand with the spec's 120 s time-out.
 */
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { AdminLayout } from '../admin/AdminLayout.js';
import { ADMIN_SCREENS } from '../admin/adminScreens.js';
import { CUSTOMER_ROUTE_ID } from '../pages/customer/customerPath.js';
import { NotFoundPage, RouteErrorPage } from '../pages/OopsPage.js';
import { RequireAdmin } from '../session/RequireAdmin.js';
import { RequireSession } from '../session/RequireSession.js';
import { RequireTerms } from '../session/RequireTerms.js';
import { BlankLayout } from '../shell/BlankLayout.js';
import { MainLayout } from '../shell/MainLayout.js';
import { lazyWithTimeout } from './lazyWithTimeout.js';
import { publicRouteObjects } from './publicRouteObjects.js';
import { RequireRole } from './RequireRole.js';

const DashboardPage = lazyWithTimeout(() =>
  import('../dashboard/DashboardPage.js').then((m) => ({ default: m.DashboardPage })),
);
const ThemePage = lazyWithTimeout(() => import('../pages/ThemePage.js'));
const UserProfilePage = lazyWithTimeout(() => import('../pages/UserProfilePage.js'));
const PracticeProfilePage = lazyWithTimeout(() => import('../pages/PracticeProfilePage.js'));
const ConnectionTestPage = lazyWithTimeout(() => import('../pages/ConnectionTestPage.js'));
const InsurancePaymentPage = lazyWithTimeout(() => import('../pages/InsurancePaymentPage.js'));
const CustomerPage = lazyWithTimeout(() => import('../pages/customer/CustomerPage.js'));
const TermsOfServicePage = lazyWithTimeout(() => import('../pages/TermsOfServicePage.js'));
const PaymentRequestsPage = lazyWithTimeout(() => import('../pages/paymentRequests/PaymentRequestsPage.js'));
const PaymentPlansPage = lazyWithTimeout(() => import('../pages/paymentPlans/PaymentPlansPage.js'));
const ReportsPage = lazyWithTimeout(() => import('../reports/ReportsPage.js'));
const TransactionsPage = lazyWithTimeout(() => import('../pages/transactions/TransactionsPage.js'));
const ReimbursementsPage = lazyWithTimeout(() => import('../pages/reimbursements/ReimbursementsPage.js'));
const OutboxPage = lazyWithTimeout(() => import('../pages/outbox/OutboxPage.js'));
const SettingsPage = lazyWithTimeout(() => import('../pages/settings/SettingsPage.js'));
const MembershipsPage = lazyWithTimeout(() => import('../pages/memberships/MembershipsPage.js'));
const MembershipAdministrationPage = lazyWithTimeout(
  () => import('../pages/memberships/MembershipAdministrationPage.js'),
);

const mainScreens: RouteObject[] = [
  {
    path: 'dashboard',
    element: (
      <RequireRole role="VIEWDASHBOARD" title="Dashboard">
        <DashboardPage />
      </RequireRole>
    ),
  },
  {
    path: 'notifications',
    element: (
      <RequireRole role="VIEWPAYMENTREQUESTS" title="Payment Requests">
        <PaymentRequestsPage />
      </RequireRole>
    ),
  },
  {
    path: 'paymentplans',
    element: (
      <RequireRole role="VIEWPAYMENTPLANS" title="Payment Plans">
        <PaymentPlansPage />
      </RequireRole>
    ),
  },
  { path: 'transactions', element: <TransactionsPage /> },
  {
    path: 'companyProfile',
    element: (
      <RequireRole role="MANAGESETTINGS" title="Settings" reason="Settings need the role to manage settings.">
        <SettingsPage />
      </RequireRole>
    ),
  },
  {
    path: 'customermembershipbillings',
    element: (
      <RequireRole
        role="VIEWMEMBERSHIPS"
        title="Memberships"
        reason="Memberships need the role to view memberships."
      >
        <MembershipsPage />
      </RequireRole>
    ),
  },
  {
    path: 'managemembership',
    element: (
      <RequireRole
        role="MANAGEMEMBERSHIPS"
        title="Membership Administration"
        reason="Membership administration needs the role to manage memberships."
      >
        <MembershipAdministrationPage />
      </RequireRole>
    ),
  },
  { path: 'reports', element: <ReportsPage /> },
  { path: 'reports/:report', element: <ReportsPage /> },
  { path: 'theme', element: <ThemePage /> },
  { path: 'profile', element: <PracticeProfilePage /> },
  { path: 'userProfile', element: <UserProfilePage /> },
  { path: 'insurance', element: <ReimbursementsPage /> },
  { path: 'insurancepayment', element: <InsurancePaymentPage /> },
  { path: 'test', element: <ConnectionTestPage /> },
  // The sandbox's outbox (not a screen of the spec): what was "sent" to patients.
  { path: 'outbox', element: <OutboxPage /> },
  { path: 'Customer/:id', id: CUSTOMER_ROUTE_ID, element: <CustomerPage /> },
];

const adminScreens: RouteObject[] = ADMIN_SCREENS.map((screen) => {
  const element = <screen.page />;
  return screen.path === '' ? { index: true, element } : { path: screen.path, element };
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'login', element: <Navigate to="/" replace /> },
      {
        // Open to anyone: a patient paying or keeping a card on file, or an error to explain.
        element: <BlankLayout />,
        children: [
          // The table the public app reads too (publicRoutes.ts).
          ...publicRouteObjects,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <BlankLayout />,
            children: [{ path: 'terms-of-service', element: <TermsOfServicePage /> }],
          },
          {
            element: <RequireTerms />,
            children: [
              { element: <MainLayout />, children: mainScreens },
              {
                path: 'admin',
                element: (
                  <RequireAdmin>
                    <AdminLayout />
                  </RequireAdmin>
                ),
                children: adminScreens,
              },
            ],
          },
        ],
      },
    ],
  },
];
