/**
 * What a Chairside access token says about its holder, beyond the standard claims. The identity
 * provider writes these (extraTokenClaims); the API reads them after verifying the signature.
 */
import { z } from 'zod';
import { Role } from '../../embed-sdk/contract/common.js';

export const PracticeClaim = z.object({ id: z.number().int(), roles: z.array(Role) });

export const TokenPayload = z.object({
  sub: z.string().optional(),
  client_id: z.string().optional(),
  email: z.string().optional(),
  is_admin: z.boolean().default(false),
  practices: z.array(PracticeClaim).default([]),
  /** Set on client-credentials tokens of a practice system's integration. */
  chairside_service: z.boolean().optional(),
});

export interface AccessClaims {
  kind: 'user' | 'service';
  sub: string;
  email?: string;
  isAdmin: boolean;
  practices: { id: number; roles: Role[] }[];
}

export function claimsFromPayload(payload: unknown): AccessClaims {
  const p = TokenPayload.parse(payload);
  const service = p.chairside_service === true || !p.sub;
  return {
    kind: service ? 'service' : 'user',
    sub: service ? (p.client_id ?? 'service') : p.sub!,
    email: p.email,
    isAdmin: service ? false : p.is_admin,
    practices: p.practices,
  };
}
