/**
 * The test provider's reference ids. A reference id is derived from the business, the kind of
 * operation and the caller's idempotency key: a repeated request lands on the same primary key, so
 * the database itself makes the operation happen once and the first result can be read back.
 * Format: dash-separated, the first segment being the short transaction id people see
 * ("8F3K2Q-1A2B-C3D4-E5F6").
 */
import { createHash } from 'node:crypto';

export type OperationKind = 'SALE' | 'REFUND' | 'VOID';

// Crockford's base 32: no I, L, O or U, so a transaction id read aloud over the phone is unambiguous.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SEGMENTS = [6, 4, 4, 4];

function base32(bytes: Buffer, length: number): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
    if (out.length === length) break;
  }
  return out;
}

export function referenceIdFor(businessId: string, kind: OperationKind, idempotencyKey: string): string {
  const digest = createHash('sha256')
    // JSON keeps the fields apart whatever characters they hold.
    .update(JSON.stringify([businessId, kind, idempotencyKey]))
    .digest();
  const chars = base32(
    digest,
    SEGMENTS.reduce((a, b) => a + b, 0),
  );
  const parts: string[] = [];
  let at = 0;
  for (const size of SEGMENTS) {
    parts.push(chars.slice(at, at + size));
    at += size;
  }
  return parts.join('-');
}

/** The transaction id people see: the reference id's first segment. */
export function displayedTransactionId(referenceId: string): string {
  return referenceId.split('-')[0] ?? referenceId;
}

/** The processor's result id for an operation, in UUID form; stable for a reference id. */
export function transactionResultIdFor(referenceId: string): string {
  const hex = createHash('sha256').update(`result\n${referenceId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
