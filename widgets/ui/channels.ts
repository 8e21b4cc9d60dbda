/**
 * Where a form that messages a patient starts (the card request, New Payment Request): both fields
 * filled from the patient, each switch on when its field has a value. The rule the fields must
 * follow is the SDK's (embed-sdk/validation/channels.ts).
 */
import type { Customer } from '../../embed-sdk/contract/patient.js';
import { formatPhone } from '../../embed-sdk/format/phone.js';
import type { ChannelValues } from '../../embed-sdk/validation/channels.js';

export function channelPrefill(customer: Pick<Customer, 'cell' | 'email'> | null): ChannelValues {
  const cell = formatPhone(customer?.cell ?? '');
  const email = customer?.email ?? '';
  return { notifyText: cell.trim() !== '', cell, notifyEmail: email.trim() !== '', email };
}
