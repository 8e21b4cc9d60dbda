/**
 * JSON request bodies, with their limits checked on the raw text before anything parses or walks
 * them: a body larger than `JSON_BODY_LIMITS.bytes` is refused by Fastify while it is read (413), and
 * one nested deeper than `JSON_BODY_LIMITS.depth` is refused (400) before `JSON.parse` runs. What
 * comes after the parse walks the value recursively (the NUL check of http/textInput.ts, zod, the
 * idempotency key's `JSON.stringify`): 20,000 nested `[` in 40 KB overflowed the stack there and
 * answered 500. No request of the contract nests deeper than 4.
 *
 * The depth is counted by a hand-written scan: neither Fastify, nor secure-json-parse (the parser
 * Fastify uses, and which parses the body here once the scan lets it through), nor JSON.parse has a
 * depth limit, and a parser that had one would have to be as careful as they are about everything
 * else. The scan is one loop over the characters with a counter (no recursion, no allocation), so
 * the text that would overflow a recursive parser cannot overflow it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../errors.js';

export const JSON_BODY_LIMITS = {
  /** Arrays and objects within each other, the outermost counted. */
  depth: 32,
  /** The app's bodyLimit: a plan's image (at most 300,000 characters) is the largest field there is. */
  bytes: 1024 * 1024,
} as const;

export const TOO_LARGE = 'is larger than 1 MB; no request of this API needs that.';
export const TOO_DEEP = `is nested more than ${JSON_BODY_LIMITS.depth} levels deep (arrays and objects within each other); no request of this API needs that.`;

/**
 * The first place where `text` nests deeper than `maxDepth`, or null. Brackets inside strings do not
 * count; the text need not be valid JSON (the parser says so afterwards).
 */
export function tooDeepAt(text: string, maxDepth: number): number | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return null;
}

/**
 * Replaces the app's JSON parser with the same parser (Fastify's, with its prototype-poisoning
 * checks) behind the depth check. Register it on the root instance before any plugin, so that every
 * route and scope has it.
 */
export function limitJsonBodies(app: FastifyInstance, depth: number = JSON_BODY_LIMITS.depth) {
  // Fastify's own parser is the callback form (its type also allows the promise form).
  const parse = app.getDefaultJsonParser('error', 'error') as (
    req: FastifyRequest,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ) => void;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (tooDeepAt(text, depth) !== null) {
      done(new BadRequestError('body', TOO_DEEP), undefined);
      return;
    }
    parse(req, text, done);
  });
}
