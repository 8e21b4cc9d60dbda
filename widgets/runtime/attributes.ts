/** Attribute parsers every widget shares (attributes arrive as strings, or absent). */
import { z } from 'zod/mini';

export const themeAttribute = z.optional(
  z.enum(['light', 'dark'], { error: (issue) => `must be "light" or "dark" (got "${String(issue.input)}")` }),
);

/** "true" or "false"; absent means `fallback`. */
export function flagAttribute(fallback: boolean) {
  return z._default(
    z.pipe(
      z.enum(['true', 'false'], {
        error: (issue) => `must be "true" or "false" (got "${String(issue.input)}")`,
      }),
      z.transform((v) => v === 'true'),
    ),
    fallback,
  );
}
