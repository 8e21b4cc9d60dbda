/**
 * The provider's wallet domain registrations (Apple Pay's "merchant domains"): a processor account
 * registers each domain its payment pages and card-entry frames are shown on, and the provider
 * verifies it before the wallet's button may appear there. The double verifies by rule, the same
 * answer every time, as a test mode does:
 * - a name that is not a domain (an IP address, a bare word other than localhost) fails;
 * - a domain under `.invalid`, or one with `misconfigured` in its name, stands for a site that
 *   does not serve the association file, and fails;
 * - any other domain verifies (localhost too: test mode registers it).
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { providerWalletDomains } from '../db/schema/index.js';

export const ASSOCIATION_FILE = '/.well-known/apple-developer-merchantid-domain-association';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Why the provider would refuse the domain (null when it verifies). */
export function verificationFailure(domain: string): string | null {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(domain) || domain.includes(':')) {
    return 'Apple Pay registers domain names, not IP addresses.';
  }
  const labels = domain.split('.');
  if (domain.length > 253 || !labels.every((l) => LABEL.test(l))) return `"${domain}" is not a domain name.`;
  if (labels.length === 1 && domain !== 'localhost') return `"${domain}" is not a public domain name.`;
  if (labels.at(-1) === 'invalid' || domain.includes('misconfigured')) {
    return `https://${domain}${ASSOCIATION_FILE} did not answer with the association file.`;
  }
  return null;
}

export type WalletDomainRecord = typeof providerWalletDomains.$inferSelect;

/** Registers (or verifies again) each domain for the account; the outcome of each. */
export async function verifyDomains(
  db: Db | Tx,
  businessId: string,
  domains: readonly string[],
  now: Date,
): Promise<WalletDomainRecord[]> {
  if (domains.length === 0) return [];
  const rows = domains.map((domain) => {
    const reason = verificationFailure(domain);
    return {
      businessId,
      domain,
      status: reason ? 'FAILED' : 'VERIFIED',
      reason,
      registeredAt: now,
      checkedAt: now,
    };
  });
  return db
    .insert(providerWalletDomains)
    .values(rows)
    .onConflictDoUpdate({
      target: [providerWalletDomains.businessId, providerWalletDomains.domain],
      set: {
        status: sql`excluded.status`,
        reason: sql`excluded.reason`,
        checkedAt: sql`excluded.checked_at`,
      },
    })
    .returning();
}

/** The account's registrations of these domains (a domain never registered is absent). */
export function registrationsOf(db: Db | Tx, businessIds: readonly string[]) {
  if (businessIds.length === 0) return Promise.resolve([] as WalletDomainRecord[]);
  return db
    .select()
    .from(providerWalletDomains)
    .where(inArray(providerWalletDomains.businessId, [...new Set(businessIds)]));
}
