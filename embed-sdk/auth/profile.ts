/** Reads the profile from ID token claims (OIDC) or from an access token's payload (host tokens). */
import type { PracticeClaim, UserProfile } from './types.js';

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function practicesOf(value: unknown): PracticeClaim[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (p): p is PracticeClaim =>
      typeof p === 'object' && p !== null && typeof p.id === 'number' && Array.isArray(p.roles),
  );
}

export function profileFromClaims(claims: Record<string, unknown>): UserProfile {
  return {
    sub: stringOrNull(claims.sub),
    name: stringOrNull(claims.name),
    email: stringOrNull(claims.email),
    isAdmin: claims.is_admin === true,
    practices: practicesOf(claims.practices),
  };
}

/** The payload of a JWT, unverified (for display only: the API verifies every token). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
