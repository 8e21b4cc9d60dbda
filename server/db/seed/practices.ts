/** The three demo practices, their clinics and the demo users (password `demo`). */
import { ALL_ROLES, type Role } from '../../../embed-sdk/contract/common.js';
import { TERMS_VERSION } from '../../admin/platform/builtInTerms.js';
import { hashPassword } from '../../identity/passwords.js';
import type { Db } from '../client.js';
import {
  clinics,
  companies,
  gatewayCredentials,
  gatewayTerminals,
  userCompanies,
  users,
} from '../schema/index.js';

export const PRACTICES = {
  brightSmiles: 1,
  cedarFamily: 2,
  harborView: 3,
} as const;

/**
 * How each practice takes card payments: its card-provider business, its surcharge and its state (whose law the surcharge follows). The money seed
 * reads these; seedPractices writes them.
 */
export const CARD_SETTINGS: Record<
  number,
  { businessId: string; hasSurcharging: boolean; surchargeRateBps: number; state: string }
> = {
  [PRACTICES.brightSmiles]: {
    businessId: 'biz_brightsmiles',
    hasSurcharging: true,
    surchargeRateBps: 300,
    state: 'TX',
  },
  // Colorado caps a surcharge at 2 % (embed-sdk/rules/surchargeLaw.ts).
  [PRACTICES.cedarFamily]: {
    businessId: 'biz_cedarfamily',
    hasSurcharging: false,
    surchargeRateBps: 0,
    state: 'CO',
  },
  // Above the 3 % cap on purpose: the surcharge rules cap it.
  [PRACTICES.harborView]: {
    businessId: 'biz_harborview',
    hasSurcharging: true,
    surchargeRateBps: 350,
    state: 'WA',
  },
};

export const FRONTDESK_ROLES: Role[] = [
  'VIEWDASHBOARD',
  'VIEWPAYMENTREQUESTS',
  'EDITPAYMENTREQUESTS',
  'VIEWPAYMENTPLANS',
  'EDITPAYMENTPLANS',
  'VIEWMEMBERSHIPS',
  'EDITMEMBERSHIPS',
  'PROCESSREFUND',
];

export const VIEWER_ROLES: Role[] = [
  'VIEWDASHBOARD',
  'VIEWPAYMENTREQUESTS',
  'VIEWPAYMENTPLANS',
  'VIEWMEMBERSHIPS',
  'VIEWINSURANCEREIMBURSEMENT',
  'VIEWINSURANCEPAYMENTS',
];

export async function seedPractices(db: Db, now: Date) {
  await db.insert(companies).values([
    {
      id: PRACTICES.brightSmiles,
      name: 'Bright Smiles Dental',
      gatewayCode: 'OPENDENTAL',
      ...CARD_SETTINGS[PRACTICES.brightSmiles]!,
      appId: 'app_brightsmiles',
      storeId: 'store_brightsmiles',
      doesAllocateProcedures: true,
      membershipDays: 30,
      phone: '5125550100',
      bccEmail: 'office@brightsmiles.test',
      supportName: 'Dana Whitfield',
      supportEmail: 'dana@brightsmiles.test',
      timeZone: 'America/Chicago',
      createdAt: now,
    },
    {
      id: PRACTICES.cedarFamily,
      name: 'Cedar Family Dentistry',
      gatewayCode: 'DENTRIX',
      ...CARD_SETTINGS[PRACTICES.cedarFamily]!,
      appId: 'app_cedarfamily',
      storeId: 'store_cedarfamily',
      phone: '3035550142',
      supportName: 'Luis Ortega',
      supportEmail: 'luis@cedarfamily.test',
      timeZone: 'America/Denver',
      createdAt: now,
    },
    {
      id: PRACTICES.harborView,
      name: 'Harbor View Dental',
      gatewayCode: 'EAGLESOFT',
      ...CARD_SETTINGS[PRACTICES.harborView]!,
      appId: 'app_harborview',
      storeId: 'store_harborview',
      phone: '2065550187',
      supportName: 'Mei Tanaka',
      supportEmail: 'mei@harborview.test',
      timeZone: 'America/Los_Angeles',
      createdAt: now,
    },
  ]);
  // Keep the sequence past the fixed ids.
  await db.execute(`select setval('companies_id_seq', (select max(id) from companies))` as never);

  // Each practice's API key at the test provider, and Bright Smiles' two card terminals.
  await db.insert(gatewayCredentials).values(
    Object.values(PRACTICES).map((companyId) => ({
      companyId,
      apiKey: `sk_test_demo${String(companyId).padStart(4, '0')}practice`,
      updatedAt: now,
    })),
  );
  await db.insert(gatewayTerminals).values([
    {
      companyId: PRACTICES.brightSmiles,
      label: 'Front desk',
      serialNumber: 'P61SWA231FS000417',
      createdAt: now,
    },
    {
      companyId: PRACTICES.brightSmiles,
      label: 'Northside checkout',
      serialNumber: 'P61SWA231FS000982',
      createdAt: now,
    },
  ]);

  await db.insert(clinics).values([
    { companyId: PRACTICES.brightSmiles, clinicNum: 1, description: 'Headquarters', isHeadquarters: true },
    { companyId: PRACTICES.brightSmiles, clinicNum: 2, description: 'Northside Clinic' },
    { companyId: PRACTICES.brightSmiles, clinicNum: 3, description: 'Lakeview Clinic' },
    { companyId: PRACTICES.cedarFamily, clinicNum: 0, description: 'Headquarters', isHeadquarters: true },
    {
      companyId: PRACTICES.harborView,
      clinicNum: 0,
      description: 'Harbor View Dental',
      isHeadquarters: true,
    },
  ]);
}

export async function seedUsers(db: Db, now: Date) {
  const password = await hashPassword('demo');
  const [admin, frontdesk, viewer] = await db
    .insert(users)
    .values([
      {
        email: 'admin@chairside.test',
        passwordHash: password,
        firstName: 'Avery',
        lastName: 'Admin',
        phone: '5125550111',
        isAdmin: true,
        termsAcceptedAt: now,
        termsAcceptedVersion: TERMS_VERSION,
        currentCompanyId: PRACTICES.brightSmiles,
        createdAt: now,
      },
      {
        email: 'frontdesk@chairside.test',
        passwordHash: password,
        firstName: 'Fran',
        lastName: 'Desk',
        phone: '5125550122',
        termsAcceptedAt: now,
        termsAcceptedVersion: TERMS_VERSION,
        currentCompanyId: PRACTICES.brightSmiles,
        createdAt: now,
      },
      {
        email: 'viewer@chairside.test',
        passwordHash: password,
        firstName: 'Vic',
        lastName: 'Viewer',
        phone: '3035550133',
        termsAcceptedAt: null,
        currentCompanyId: PRACTICES.cedarFamily,
        createdAt: now,
      },
    ])
    .returning({ id: users.id });
  await db.insert(userCompanies).values([
    ...Object.values(PRACTICES).map((companyId) => ({
      userId: admin!.id,
      companyId,
      roles: [...ALL_ROLES],
    })),
    { userId: frontdesk!.id, companyId: PRACTICES.brightSmiles, roles: FRONTDESK_ROLES },
    { userId: viewer!.id, companyId: PRACTICES.cedarFamily, roles: VIEWER_ROLES },
    { userId: viewer!.id, companyId: PRACTICES.harborView, roles: VIEWER_ROLES },
  ]);
  return { adminId: admin!.id, frontdeskId: frontdesk!.id, viewerId: viewer!.id };
}
