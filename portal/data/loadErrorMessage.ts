/** Why a page's figures did not come (the dashboard's, a report's): the server's own words when it sent some. */
import { isApiError } from '../../embed-sdk/api/errors.js';

const UNEXPECTED = 'There was an unexpected server error.';

export function loadErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.envelope) return error.envelope.errors[0] ?? UNEXPECTED;
    if (error.status === 0) return 'The server could not be reached. Check the connection and try again.';
    return UNEXPECTED;
  }
  return error instanceof Error ? error.message : UNEXPECTED;
}
