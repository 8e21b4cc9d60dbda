import { describe, expect, it } from 'vitest';
import { canSend, channelProblems } from '../../embed-sdk/validation/channels.js';
import { channelPrefill as cardRequestPrefill } from '../ui/channels.js';
import { cardRequestBody, cardRequestSchema } from './cardRequest.js';

const PHONE_MESSAGE = 'The mobile phone is not a valid phone number.';
const EMAIL_MESSAGE =
  'The email is not a valid e-mail address.  For multiple e-mail addresses seperate by comma.';

const values = (over: Partial<Parameters<typeof channelProblems>[0]> = {}) => ({
  notifyText: true,
  cell: '(512) 555-0142',
  notifyEmail: true,
  email: 'maria.garcia@example.com',
  ...over,
});

describe('cardRequestPrefill', () => {
  it('fills both fields from the patient and turns on each channel that has a value', () => {
    expect(cardRequestPrefill({ cell: '5125550142', email: 'maria@example.com' })).toEqual({
      notifyText: true,
      cell: '(512) 555-0142',
      notifyEmail: true,
      email: 'maria@example.com',
    });
  });

  it.each([
    [{ cell: '', email: 'maria@example.com' }, false, true],
    [{ cell: '5125550142', email: '' }, true, false],
    [{ cell: '', email: '' }, false, false],
  ])('turns the switches on only for values that exist (%j)', (customer, text, email) => {
    const prefill = cardRequestPrefill(customer);
    expect([prefill.notifyText, prefill.notifyEmail]).toEqual([text, email]);
  });

  it('starts empty and off without a patient', () => {
    expect(cardRequestPrefill(null)).toEqual({ notifyText: false, cell: '', notifyEmail: false, email: '' });
  });
});

describe('canSend', () => {
  it.each([
    [true, true, true],
    [true, false, true],
    [false, true, true],
    [false, false, false],
  ])('text %s, email %s → %s', (notifyText, notifyEmail, expected) => {
    expect(canSend({ notifyText, notifyEmail })).toBe(expected);
  });
});

describe('channelProblems', () => {
  it('has none for good values', () => {
    expect(channelProblems(values())).toEqual([]);
  });

  it.each([
    [{ cell: '' }, 'cell', 'The mobile phone is required.'],
    [{ cell: '   ' }, 'cell', 'The mobile phone is required.'],
    [{ cell: '555-01' }, 'cell', PHONE_MESSAGE],
    [{ email: '' }, 'email', 'The email is required.'],
    [{ email: 'maria@' }, 'email', EMAIL_MESSAGE],
    [{ email: 'a@example.com; b@example.com' }, 'email', EMAIL_MESSAGE],
  ])('refuses %j with the spec’s message', (over, field, message) => {
    expect(channelProblems(values(over))).toEqual([{ field, message }]);
  });

  it('ignores the field of a channel that is off', () => {
    expect(channelProblems(values({ notifyText: false, cell: 'nonsense' }))).toEqual([]);
    expect(channelProblems(values({ notifyEmail: false, email: 'nonsense' }))).toEqual([]);
  });

  it('accepts several e-mail addresses and the phone forms of the spec', () => {
    expect(channelProblems(values({ email: 'a@example.com, b@example.com', cell: '512.555.0142' }))).toEqual(
      [],
    );
    expect(channelProblems(values({ cell: '5125550142' }))).toEqual([]);
  });

  it('needs a channel', () => {
    expect(channelProblems(values({ notifyText: false, notifyEmail: false }))).toEqual([
      { field: 'notifyText', message: 'Turn on Text Message or Email to reach the patient.' },
    ]);
  });
});

describe('cardRequestSchema', () => {
  it('puts each message on its field', () => {
    const result = cardRequestSchema.safeParse(values({ cell: '', email: 'x' }));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cell', 'The mobile phone is required.'],
      ['email', EMAIL_MESSAGE],
    ]);
  });
});

describe('cardRequestBody', () => {
  it('sends trimmed fields, and nothing for a channel that is off', () => {
    expect(cardRequestBody(11, values({ cell: ' 512-555-0142 ', notifyEmail: false }))).toEqual({
      customerId: 11,
      notifyText: true,
      cell: '512-555-0142',
      notifyEmail: false,
      email: '',
    });
  });
});
