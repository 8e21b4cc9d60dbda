/**
 * The admin forms' answer to a refusal. The server names the body's field of each problem
 * (`body.firstUser.email: june@x.test already has an account`): each goes on the form's box for it,
 * with the box's label in front of a terse message ("E-mail must be at most 254 characters"); what
 * names no box of the form goes to the form's error area.
 */
import { isApiError } from '../../embed-sdk/api/index.js';
import { UNEXPECTED_SERVER_ERROR } from '../../embed-sdk/banner.js';

export interface FormBox<F extends string> {
  field: F;
  label: string;
}

export interface PlacedErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  /** For the form's error area: problems no box holds, or the reason the call failed. */
  other: string | null;
}

/**
 * Places a failed call's problems. `boxOf` names the box of a body path (`firstUser.email`,
 * `clinics.1`), or undefined when the form has none for it.
 */
export function placeErrors<F extends string>(
  error: unknown,
  boxOf: (path: string) => FormBox<F> | undefined,
): PlacedErrors<F> {
  if (!(isApiError(error) && error.status === 400 && error.envelope)) {
    return {
      fields: {},
      other: error instanceof Error && error.message ? error.message : UNEXPECTED_SERVER_ERROR,
    };
  }
  const fields: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const problem of error.envelope.errors) {
    const match = /^body\.([^:]+):\s*(.+)$/s.exec(problem);
    const box = match ? boxOf(match[1]!) : undefined;
    if (!box) {
      other.push(problem);
      continue;
    }
    const message = match![2]!;
    fields[box.field] ??= /^[a-z]/.test(message) ? `${box.label} ${message}` : message;
  }
  return { fields, other: other.length > 0 ? other.join('\n') : null };
}
