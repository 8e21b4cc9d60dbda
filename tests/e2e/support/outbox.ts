/** The sandbox outbox as the browser specs with a server of their own read it. */
import { expect } from '@playwright/test';
import type { TestServer } from '../../support/server.js';

/**
 * The link in the newest e-mail with this subject to this address. The outbox is private: an
 * administrator reads every practice's messages.
 */
export async function mailedLink(server: TestServer, to: string, subject: string): Promise<string> {
  const { body } = await server.call<{
    messages: { recipient: string; subject: string; link: string | null }[];
  }>('GET', '/sandbox/outbox.json?limit=50', { token: await server.tokenFor('admin') });
  const mail = body.value!.messages.find((m) => m.recipient === to && m.subject === subject);
  expect(mail?.link, `an e-mail "${subject}" to ${to}`).toBeTruthy();
  return mail!.link!;
}
