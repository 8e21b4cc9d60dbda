/**
 * The spec's banner rules (part 1, section 8): a list of messages shows joined by line breaks, and a
 * validation-errors event carries the title 'Validation Errors'. Everything that raises a banner
 * builds its detail here so the wording lives in one place.
 */
import type { BannerDetail, BannerIntent } from './events.js';

export const UNEXPECTED_SERVER_ERROR = 'There was an unexpected server error.';
export const VALIDATION_ERRORS_TITLE = 'Validation Errors';

export function messagesBanner(
  intent: BannerIntent,
  messages: readonly string[],
  title?: string,
): BannerDetail {
  const detail: BannerDetail = { intent, message: messages.join('\n') };
  if (title !== undefined) detail.title = title;
  return detail;
}

export function validationErrorsBanner(messages: readonly string[]): BannerDetail {
  return messagesBanner('danger', messages, VALIDATION_ERRORS_TITLE);
}
