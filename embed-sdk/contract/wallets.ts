/**
 * The admin area's Bulk Apple Pay Status (`#/admin/bulkApplePayStatus`, issue 35): each practice's
 * payment-page domains (the patient pages' own, and every site the practice embeds our widgets on)
 * and their wallet registration at the card processor (held by the card-entry provider double).
 * Registering or re-checking chosen practices is a run: its practices are done one by one, and the
 * screen shows its progress. Administrators only; every run is audited.
 */
import { z } from 'zod';
import { eachOnce, Id, wholeNumber } from './common.js';
import { get, post } from './endpoint.js';

export const WALLET_STATUSES = ['NOT_REGISTERED', 'VERIFIED', 'FAILED'] as const;
export const WalletStatus = z.enum(WALLET_STATUSES);
export type WalletStatus = z.infer<typeof WalletStatus>;

export const WALLET_RUN_MAX_PRACTICES = 500;

export const WalletDomain = z.object({
  domain: z.string(),
  status: WalletStatus,
  /** Why the verification failed. */
  reason: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type WalletDomain = z.infer<typeof WalletDomain>;

export const PracticeWallet = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  /** FAILED when a domain failed, NOT_REGISTERED when one is not registered yet, else VERIFIED. */
  status: WalletStatus,
  domains: z.array(WalletDomain),
});
export type PracticeWallet = z.infer<typeof PracticeWallet>;

export const adminWallets = get('/api/admin/wallets', {
  summary:
    "Each practice's payment-page domains and their wallet registration at the processor, ten to a page; searched by name or id, narrowed to a status.",
  query: z
    .object({
      search: z.string().trim().max(100).optional(),
      status: WalletStatus.optional(),
      page: wholeNumber(1, 100_000).default(1),
    })
    .strict(),
  value: z.object({
    practices: z.array(PracticeWallet),
    totalCount: z.number().int(),
    counts: z.record(WalletStatus, z.number().int()),
  }),
});

export const WalletRun = z.object({
  action: z.enum(['REGISTER', 'RECHECK']),
  /** RUNNING while its practices are done one by one; DONE once all are. */
  state: z.enum(['RUNNING', 'DONE']),
  practices: z.number().int(),
  done: z.number().int(),
  /** Practices with a domain that failed its verification. */
  failed: z.number().int(),
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type WalletRun = z.infer<typeof WalletRun>;

export const startWalletRun = post('/api/admin/wallets/run', {
  summary:
    "Registers the chosen practices' payment-page domains for wallet payments, or verifies them again, one practice at a time; audited. Run again with its key, it finishes what it began.",
  body: z
    .object({
      action: z.enum(['REGISTER', 'RECHECK']),
      companyIds: eachOnce(
        z
          .array(Id)
          .min(1, 'choose at least one practice')
          .max(WALLET_RUN_MAX_PRACTICES, `must be at most ${WALLET_RUN_MAX_PRACTICES} practices`),
        { keyOf: (id) => id, message: 'is chosen twice' },
      ),
    })
    .strict(),
  value: WalletRun,
  idempotent: true,
});

export const walletRunProgress = get('/api/admin/wallets/run', {
  summary: 'How far the run started with this Idempotency-Key has come.',
  query: z.object({ key: z.string().trim().min(1).max(200) }).strict(),
  value: WalletRun.nullable(),
});

export const walletRuns = get('/api/admin/wallets/runs', {
  summary: 'The latest runs, newest first, with their progress.',
  value: z.object({ runs: z.array(WalletRun) }),
});
