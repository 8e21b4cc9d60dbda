/**
 * Sending a patient a link: where the message goes (from the notify fields of a request, see
 * contract/channels.ts), who it is from, and a fresh token for the link.
 */
import type { NotifyInput } from '../../embed-sdk/contract/channels.js';
import { storedPhone } from '../../embed-sdk/contract/patient.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import type { Addressee, Practice } from '../domain/outbox/patientMessages.js';
import { customerOrNotFound } from '../patients/customers.js';
import { practiceOrNotFound } from '../practices/practices.js';
import { practiceTemplatesOf } from '../settings/messageTemplates.js';
import type { PracticeRecord } from '../practices/store.js';
import { newLinkToken } from './links.js';

/** '' for a channel that is off. A phone is kept as the patient form keeps it; e-mails as "a, b". */
export function recipientsOf(value: NotifyInput): { toPhone: string; eMail: string } {
  return {
    toPhone: value.notifyText ? storedPhone(value.cell) : '',
    eMail: value.notifyEmail
      ? value.email
          .split(',')
          .map((address) => address.trim())
          .join(', ')
      : '',
  };
}

/** Who messages to patients are from. */
export function senderOf(company: PracticeRecord): Practice {
  return { name: company.name, phone: company.phone };
}

/**
 * What a new link to a customer needs: the customer (404 for another practice's), the practice, the
 * addressee, and the practice's wording of its messages.
 */
export async function newLinkFor(
  ctx: AppContext,
  practice: PracticeId,
  body: NotifyInput & { customerId: number },
) {
  const customer = await customerOrNotFound(ctx, practice, body.customerId);
  const company = await practiceOrNotFound(ctx, practice);
  const to = recipientsOf(body);
  const templates = await practiceTemplatesOf(ctx.db, practice);
  const addressee: Addressee = { ...to, firstName: customer.firstName };
  return {
    customer,
    company,
    to,
    addressee,
    sender: senderOf(company),
    templates,
    linkToken: newLinkToken(),
  };
}
