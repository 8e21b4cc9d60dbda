import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGINS, SESSIONS } from '../testing/portalFixtures.js';
import { DEFAULT_GATEWAY_CODE, sessionFromLogin } from './session.js';
import { clearSession, readSession, SESSION_KEY, writeSession } from './sessionStorage.js';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the session kept on the device', () => {
  it('keeps the spec’s session fields from the login response', () => {
    expect(sessionFromLogin(LOGINS.frontdesk)).toEqual({
      name: 'Fran Desk',
      email: 'frontdesk@chairside.test',
      userId: 2,
      phone: '5125550122',
      companyId: 1,
      gatewayCode: 'OPENDENTAL',
      businessId: 'biz_brightsmiles',
      hasSurcharging: true,
      terminalAppId: 'app_brightsmiles',
      storeId: 'store_brightsmiles',
      releaseVersion: '0.1.0-sandbox',
      version: '0.1.0',
      config: { doesAllocateProcedures: true, membershipDays: 30 },
      companyName: 'Bright Smiles Dental',
      companies: [{ id: 1, name: 'Bright Smiles Dental', gatewayCode: 'OPENDENTAL' }],
      isAdmin: false,
      app: 'dashboard',
      companyPhone: '5125550100',
      bccOnSystemEmail: true,
      termsOfService: true,
      companyNotificationsViewed: null,
      roles: LOGINS.frontdesk.roles,
      supportLink: '',
      maintenanceBanner: null,
    });
  });

  it('reads back what it wrote, in localStorage', () => {
    writeSession(SESSIONS.viewer);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toMatchObject({ email: 'viewer@chairside.test' });
    expect(readSession()).toEqual(SESSIONS.viewer);
    clearSession();
    expect(readSession()).toBeNull();
  });

  it('defaults the gateway code to OPENDENTAL when none is stored (or it is not one)', () => {
    const { gatewayCode: _none, ...withoutGateway } = SESSIONS.viewer;
    localStorage.setItem(SESSION_KEY, JSON.stringify(withoutGateway));
    expect(readSession()?.gatewayCode).toBe(DEFAULT_GATEWAY_CODE);
    expect(DEFAULT_GATEWAY_CODE).toBe('OPENDENTAL');
    localStorage.setItem(SESSION_KEY, JSON.stringify({ ...SESSIONS.viewer, gatewayCode: 'SOMETHINGELSE' }));
    expect(readSession()?.gatewayCode).toBe('OPENDENTAL');
  });

  it.each([
    ['not JSON', '{nope'],
    ['a missing field', JSON.stringify({ ...SESSIONS.admin, companyId: undefined })],
    ['a field of the wrong type', JSON.stringify({ ...SESSIONS.admin, isAdmin: 'yes' })],
    ['an unknown role', JSON.stringify({ ...SESSIONS.admin, roles: ['EVERYTHING'] })],
  ])('drops a stored session with %s', (_case, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(SESSION_KEY, raw);
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Chairside: the stored session is not readable and was discarded.');
  });
});
