import { describe, expect, it, vi } from 'vitest';
import { SESSIONS } from '../testing/portalFixtures.js';
import { createLiveChat, liveChatIdentity } from './liveChat.js';

describe('live chat', () => {
  it('identifies the user with name, e-mail, company name, phone and id, from the session', () => {
    expect(liveChatIdentity(SESSIONS.admin)).toEqual({
      name: 'Avery Admin',
      email: 'admin@chairside.test',
      companyName: 'Bright Smiles Dental',
      phone: '5125550111',
      id: 1,
    });
    expect(liveChatIdentity({ ...SESSIONS.viewer })).toEqual({
      name: 'Vic Viewer',
      email: 'viewer@chairside.test',
      companyName: 'Cedar Family Dentistry',
      phone: '3035550133',
      id: 3,
    });
  });

  it("does nothing with the 'none' provider (the sandbox's)", () => {
    const log = { info: vi.fn() };
    createLiveChat('none', log).identify(liveChatIdentity(SESSIONS.frontdesk));
    expect(log.info).not.toHaveBeenCalled();
  });

  it("logs the identify payload with the 'console' provider", () => {
    const log = { info: vi.fn() };
    createLiveChat('console', log).identify(liveChatIdentity(SESSIONS.frontdesk));
    expect(log.info).toHaveBeenCalledWith('Chairside live chat: identify', {
      name: 'Fran Desk',
      email: 'frontdesk@chairside.test',
      companyName: 'Bright Smiles Dental',
      phone: '5125550122',
      id: 2,
    });
  });
});
