/** The transactions elements' attributes, parsed (attributes arrive as strings, or absent). */
import { z } from 'zod/mini';

/** A positive whole number such as 12, named for the message. */
export function idAttribute(what: string, required: boolean) {
  const id = z.pipe(
    z.string({ error: `is required: ${what}, a positive whole number such as 12` }),
    z.transform((v, ctx): number => {
      const n = Number(v.trim());
      if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1) {
        ctx.issues.push({
          code: 'custom',
          input: v,
          message: `must be ${what}, a positive whole number such as 12 (got "${v}")`,
        });
        return z.NEVER;
      }
      return n;
    }),
  );
  return required ? id : z.optional(id);
}
