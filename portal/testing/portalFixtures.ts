/**
 * Test stand-ins for the portal's component tests: a login value and session per demo user, and the
 * fake SDK (widgets/ui/testing/fakeSdk.ts) signed in as one of them.
 */
import { ALL_ROLES, type Role } from '../../embed-sdk/contract/common.js';
import type { CompanyNotification } from '../../embed-sdk/contract/notification.js';
import type { LoginValue } from '../../embed-sdk/contract/auth.js';
import type { UserProfile } from '../../embed-sdk/index.js';
import {
  createFakeSdk,
  ok,
  type FakeCall,
  type FakeHandler,
  type FakeSdkOptions,
} from '../../widgets/ui/testing/fakeSdk.js';
import { sessionFromLogin, type Session } from '../session/session.js';

export { ok, refused } from '../../widgets/ui/testing/fakeSdk.js';

const FRONTDESK_ROLES: Role[] = [
  'VIEWDASHBOARD',
  'VIEWPAYMENTREQUESTS',
  'EDITPAYMENTREQUESTS',
  'VIEWPAYMENTPLANS',
  'EDITPAYMENTPLANS',
  'VIEWMEMBERSHIPS',
  'EDITMEMBERSHIPS',
  'PROCESSREFUND',
];
const VIEWER_ROLES: Role[] = [
  'VIEWDASHBOARD',
  'VIEWPAYMENTREQUESTS',
  'VIEWPAYMENTPLANS',
  'VIEWMEMBERSHIPS',
  'VIEWINSURANCEREIMBURSEMENT',
  'VIEWINSURANCEPAYMENTS',
];

const BRIGHT = { id: 1, name: 'Bright Smiles Dental', gatewayCode: 'OPENDENTAL' as const };
const CEDAR = { id: 2, name: 'Cedar Family Dentistry', gatewayCode: 'DENTRIX' as const };
const HARBOR = { id: 3, name: 'Harbor View Dental', gatewayCode: 'EAGLESOFT' as const };

function loginValue(over: Partial<LoginValue>): LoginValue {
  return {
    userFirstLastName: 'Fran Desk',
    userEmail: 'frontdesk@chairside.test',
    userId: 2,
    userPhone: '5125550122',
    companyId: 1,
    gatewayCode: 'OPENDENTAL',
    businessId: 'biz_brightsmiles',
    hasSurcharging: true,
    appId: 'app_brightsmiles',
    poyntStoreId: 'store_brightsmiles',
    releaseVersion: '0.1.0-sandbox',
    version: '0.1.0',
    doesAllocateProcedures: true,
    membershipDays: 30,
    companyName: 'Bright Smiles Dental',
    companies: [BRIGHT],
    isAdmin: false,
    companyPhone: '5125550100',
    bccOnSystemEmail: true,
    termsOfService: true,
    companyNotificationsViewed: null,
    roles: FRONTDESK_ROLES,
    supportLink: '',
    maintenanceBanner: null,
    ...over,
  };
}

export const LOGINS = {
  admin: loginValue({
    userFirstLastName: 'Avery Admin',
    userEmail: 'admin@chairside.test',
    userId: 1,
    userPhone: '5125550111',
    companies: [BRIGHT, CEDAR, HARBOR],
    isAdmin: true,
    roles: [...ALL_ROLES],
  }),
  frontdesk: loginValue({}),
  viewer: loginValue({
    userFirstLastName: 'Vic Viewer',
    userEmail: 'viewer@chairside.test',
    userId: 3,
    userPhone: '3035550133',
    companyId: 2,
    gatewayCode: 'DENTRIX',
    companyName: 'Cedar Family Dentistry',
    companies: [CEDAR, HARBOR],
    termsOfService: false,
    roles: VIEWER_ROLES,
  }),
} satisfies Record<string, LoginValue>;

export const SESSIONS: Record<keyof typeof LOGINS, Session> = {
  admin: sessionFromLogin(LOGINS.admin),
  frontdesk: sessionFromLogin(LOGINS.frontdesk),
  viewer: sessionFromLogin(LOGINS.viewer),
};

export function profileOf(login: LoginValue): UserProfile {
  return {
    sub: String(login.userId),
    name: login.userFirstLastName,
    email: login.userEmail,
    isAdmin: login.isAdmin,
    practices: login.companies.map((c) => ({ id: c.id, roles: login.roles })),
  };
}

export type Call = FakeCall;

export type { FakeSdkOptions };

/** The fake SDK (widgets/ui/testing/fakeSdk.ts), signed in as the front desk unless told otherwise. */
export function createPortalSdk(handlers: Record<string, FakeHandler> = {}, options: FakeSdkOptions = {}) {
  const fake = createFakeSdk(handlers, {
    ...options,
    profile: options.profile === undefined ? profileOf(LOGINS.frontdesk) : options.profile,
  });
  return {
    sdk: fake.sdk,
    auth: fake.auth,
    calls: fake.calls,
    callsTo: fake.callsTo,
    events: fake.events,
    banners: fake.banners,
  };
}

/** A company notification for the bell (a payment plan past due unless told otherwise). */
export function notification(
  over: Partial<CompanyNotification> & Pick<CompanyNotification, 'id' | 'dateTime'>,
): CompanyNotification {
  return {
    type: 'PAYMENTPLAN_PASTDUE',
    dateTimeConverted: over.dateTime,
    paymentPlanId: 40 + over.id,
    customerMembershipBillingId: null,
    amountDue: 12_500,
    yearlyExpDays: null,
    firstName: 'John',
    lastName: 'Smith',
    title: null,
    text: null,
    ...over,
  };
}

/** What the shell calls as soon as it shows: the practice (patient search), the bell and the notice. */
export function shellHandlers(over: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    '/api/company/current': () =>
      ok({
        id: 1,
        name: 'Bright Smiles Dental',
        gatewayCode: 'OPENDENTAL',
        hasSurcharging: true,
        allowAddPatient: true,
        noSchedule: false,
        doesAllocateProcedures: true,
        businessId: 'biz',
        appId: 'app',
      }),
    '/api/company/clinics': () => ok({ clinics: [{ clinicNum: 1, description: 'Headquarters' }] }),
    '/api/patient/patientsInPractice': () => ok({ patients: [], clinicCount: 1 }),
    '/api/patient/searchPatient': () => ok({ patients: [], clinicCount: 1 }),
    '/api/companyNotification/getLatestNotifications': () => ok({ notifications: [], lastViewed: null }),
    '/api/userNotification/getLastUserNotification': () => ok({ notification: null }),
    ...over,
  };
}
