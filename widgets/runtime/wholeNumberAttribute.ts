/**
 * An id or amount attribute: a positive whole number such as 12, the message naming what it is
 * (apart from attributes.ts, so only the elements that take one carry it).
 */
import { z } from 'zod/mini';

export interface WholeNumberOptions {
  /** An example in the messages. @default '12' */
  example?: string;
  /** The message when the attribute is absent. @default 'is required: {what}, a positive whole number such as {example}' */
  missing?: string;
}

/** `what` as the messages say it: 'a payment plan id'. */
export function wholeNumberAttribute(what: string, { example = '12', missing }: WholeNumberOptions = {}) {
  return z.pipe(
    z.string({ error: missing ?? `is required: ${what}, a positive whole number such as ${example}` }),
    z.transform((v, ctx): number => {
      const n = Number(v.trim());
      if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1) {
        ctx.issues.push({
          code: 'custom',
          input: v,
          message: `must be ${what}, a positive whole number such as ${example} (got "${v}")`,
        });
        return z.NEVER;
      }
      return n;
    }),
  );
}
