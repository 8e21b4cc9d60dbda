/**
 * The links patients receive. Each carries a random token stored with its request: the token is the
 * only key to the public page, so ids (which staff see, share and log) open nothing. The pages are
 * paths the server answers with the patient's own entry (issue 39: http/static.ts), so that it can
 * send the page at once; the token is scrubbed from every log line (logs/scrub.ts). Links sent
 * before that (`/#/p/{token}`) still open the page: the portal's page sends them to the path first
 * (portal/index.html). The API's answers for them are never cached (http/privateAnswer.ts) and, as
 * every API answer, send no referrer (http/securityHeaders.ts).
 */
import { randomBytes } from 'node:crypto';
import { ENROLLMENT_PAGE_ROUTE } from '../../embed-sdk/contract/membership.js';

/** 24 random bytes: 192 bits, 32 URL-safe characters. */
export function newLinkToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The public payment page of a payment request. */
export function paymentLink(publicUrl: string, token: string): string {
  return `${publicUrl}/p/${token}`;
}

/** The page where a patient stores a card on file. */
export function cardRequestLink(publicUrl: string, token: string): string {
  return `${publicUrl}/card/${token}`;
}

/** The public enrolment page of a membership sent by link. */
export function membershipEnrollmentLink(publicUrl: string, token: string): string {
  return `${publicUrl}/${ENROLLMENT_PAGE_ROUTE}/${token}`;
}
