/**
 * What the identity provider's own screens accept: a password's rules (stated on the page, checked
 * here) and a person's name. Each problem is a sentence the page shows beside its field.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** scrypt takes any length; a cap keeps a pasted novel from costing the server. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 60;

/** The rules as the page states them, above the fields. */
export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters. A phrase of a few words is easy to remember and hard to guess.`;

export interface FieldProblem {
  field: string;
  message: string;
}

export function newPasswordProblem(password: string, confirmation: string): FieldProblem | null {
  if (password.length === 0) return { field: 'password', message: 'Enter a new password.' };
  if (password.trim().length === 0)
    return { field: 'password', message: 'The password cannot be only spaces.' };
  if (password.length < PASSWORD_MIN_LENGTH) {
    return {
      field: 'password',
      message: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
    };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return {
      field: 'password',
      message: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
    };
  }
  if (confirmation !== password) return { field: 'confirmation', message: 'The two passwords do not match.' };
  return null;
}

export function nameProblem(firstName: string, lastName: string): FieldProblem | null {
  if (firstName.trim() === '') return { field: 'firstName', message: 'The first name is required.' };
  if (lastName.trim() === '') return { field: 'lastName', message: 'The last name is required.' };
  if (firstName.trim().length > NAME_MAX_LENGTH) {
    return {
      field: 'firstName',
      message: `The first name must be at most ${NAME_MAX_LENGTH} characters long.`,
    };
  }
  if (lastName.trim().length > NAME_MAX_LENGTH) {
    return {
      field: 'lastName',
      message: `The last name must be at most ${NAME_MAX_LENGTH} characters long.`,
    };
  }
  return null;
}
