/** The transactions elements' attributes, parsed (attributes arrive as strings, or absent). */
import { z } from 'zod/mini';
import { wholeNumberAttribute } from '../runtime/wholeNumberAttribute.js';

/** A positive whole number such as 12, named for the message. */
export function idAttribute(what: string, required: boolean) {
  const id = wholeNumberAttribute(what);
  return required ? id : z.optional(id);
}
