/**
 * The practice's settings that say who may act for it from outside Chairside (users with
 * MANAGESETTINGS; administrators have every role in a practice they enter):
 *
 * - embed origins: the partners' pages (scheme://host[:port]) that may call the API with the
 *   practice's tokens (CORS), send a person back after sign-in, and show the card-entry frame;
 * - integrations: the practice systems' add-ons (confidential OAuth clients of the practice) and
 *   the roles the practice granted each; an add-on's token carries only those;
 * - patient links: how many days each kind of link works after it was sent (patientLinks.ts);
 * - surcharging: whether credit-card payments carry a surcharge, its rate and the practice's state,
 *   whose law may forbid or cap it (embed-sdk/rules/surchargeLaw.ts). The admin area's gateway page
 *   sets the same switch and rate, validated by the same `SurchargeRateBps`.
 */
import { z } from 'zod';
import { normalizeOrigin, originProblem } from '../validation/origin.js';
import { MAX_SURCHARGE_BPS } from '../rules/surcharge.js';
import { US_STATES, type UsState } from '../rules/surchargeLaw.js';
import { Role, wholeNumber } from './common.js';
import { get, post } from './endpoint.js';
import { LinkExpirySettings } from './patientLinks.js';

/** An origin as a person types it, checked and normalised as browsers send it. */
export const EmbedOriginInput = z
  .string()
  .max(255, 'The origin is too long.')
  .superRefine((value, ctx) => {
    const problem = originProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeOrigin);

export const EmbedOrigin = z.object({
  origin: z.string(),
  /** When it was added (ISO). */
  created: z.string(),
});
export type EmbedOrigin = z.infer<typeof EmbedOrigin>;

const EmbedOrigins = z.object({ origins: z.array(EmbedOrigin) });

/** How many origins one practice may list. */
export const MAX_EMBED_ORIGINS = 50;

export const embedOrigins = get('/api/settings/embedOrigins', {
  summary: "The current practice's embed origins, in the order they were added.",
  value: EmbedOrigins,
});

export const addEmbedOrigin = post('/api/settings/embedOrigins/add', {
  summary: 'Allows a partner page’s origin for the current practice; adding one it lists changes nothing.',
  body: z.object({ origin: EmbedOriginInput }).strict(),
  value: EmbedOrigins,
});

export const removeEmbedOrigin = post('/api/settings/embedOrigins/remove', {
  summary: "Removes one of the current practice's embed origins.",
  body: z.object({ origin: EmbedOriginInput }).strict(),
  value: EmbedOrigins,
});

/** The roles a practice may grant an integration: all but managing the practice's settings. */
export const IntegrationRole = Role.exclude(['MANAGESETTINGS']);
export type IntegrationRole = z.infer<typeof IntegrationRole>;
export const INTEGRATION_ROLES = IntegrationRole.options;

export const Integration = z.object({
  clientId: z.string(),
  name: z.string(),
  /** The roles its tokens carry in this practice. */
  roles: z.array(Role),
  created: z.string(),
  /** When it was revoked (ISO); a revoked integration gets no token. */
  revoked: z.string().nullable(),
});
export type Integration = z.infer<typeof Integration>;

export const integrations = get('/api/settings/integrations', {
  summary: "The current practice's practice-system integrations and the roles granted to each.",
  value: z.object({ integrations: z.array(Integration) }),
});

export const setIntegrationRoles = post('/api/settings/integrations/roles', {
  summary:
    'Sets the roles the current practice grants one of its integrations (its next token carries them).',
  body: z
    .object({
      clientId: z
        .string()
        .trim()
        .min(1, 'Name the integration.')
        .max(100)
        .regex(/^[\x21-\x7e]+$/, 'The client id has printable characters only, without spaces.'),
      roles: z.array(IntegrationRole).max(INTEGRATION_ROLES.length),
    })
    .strict(),
  value: Integration,
});

export const linkExpiry = get('/api/settings/linkExpiry', {
  summary:
    "How many days the current practice's payment, enrollment and card request links work after they are sent.",
  value: LinkExpirySettings,
});

export const saveLinkExpiry = post('/api/settings/linkExpiry', {
  summary:
    'Sets how many days each kind of patient link works after it is sent; it applies at once, to links already sent too.',
  body: LinkExpirySettings,
  value: LinkExpirySettings,
});

/** A surcharge rate as a practice or an administrator sets it: basis points, at most the card rules' 3 %. */
export const SurchargeRateBps = wholeNumber(0, MAX_SURCHARGE_BPS).describe(
  `basis points (300 is 3.00 %), at most ${MAX_SURCHARGE_BPS}`,
);

/** A US state, DC or Puerto Rico by its two-letter postal code (surchargeLaw.ts has one row for each). */
export const UsStateCode = z.enum(US_STATES as [UsState, ...UsState[]], {
  error: 'must be a US state, DC or Puerto Rico, by its two-letter code',
});

export const SurchargeSettings = z.object({
  hasSurcharging: z.boolean(),
  /** The practice's credit-card rate in basis points; what a payment carries is also capped by the state's law. */
  surchargeRateBps: z.number().int(),
  /** null until the practice has said where it is. */
  state: UsStateCode.nullable(),
});
export type SurchargeSettings = z.infer<typeof SurchargeSettings>;

/** What Settings › Surcharging saves: the rate as the gateway page's (SurchargeRateBps), and a state. */
const SurchargeChange = z
  .object({ hasSurcharging: z.boolean(), surchargeRateBps: SurchargeRateBps, state: UsStateCode })
  .strict();

export const surcharging = get('/api/settings/surcharging', {
  summary:
    "The current practice's credit-card surcharge: on or off, its rate and the state whose law applies.",
  value: SurchargeSettings,
});

export const saveSurcharging = post('/api/settings/surcharging', {
  summary:
    "Sets the current practice's credit-card surcharge and its state; the next payment follows it. Debit and prepaid cards are never surcharged.",
  body: SurchargeChange,
  value: SurchargeSettings,
});
