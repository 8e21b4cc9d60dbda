import { describe, expect, it } from 'vitest';
import { cardRequestMessages, paymentReminderMessages, paymentRequestMessages } from './patientMessages.js';

const practice = { name: 'Bright Smiles Dental', phone: '5125550100' };
const both = { toPhone: '5125550142', eMail: 'maria.garcia@example.com', firstName: 'Maria' };
const link = 'http://localhost:8080/#/p/abc123';

describe('paymentRequestMessages', () => {
  it('texts one line with the amount and the link, and e-mails a letter with a subject', () => {
    const [text, email] = paymentRequestMessages(both, practice, { amount: 12_550, message: '', link });
    expect(text).toEqual({
      channel: 'SMS',
      recipient: '5125550142',
      subject: '',
      body: `Bright Smiles Dental: Hi Maria, you have a payment request for $125.50. Pay securely here: ${link}`,
      link,
    });
    expect(email).toEqual({
      channel: 'EMAIL',
      recipient: 'maria.garcia@example.com',
      subject: 'Payment request from Bright Smiles Dental',
      body: [
        'Hi Maria,',
        'Bright Smiles Dental has sent you a payment request for $125.50.',
        `Pay securely online: ${link}`,
        'Questions? Call Bright Smiles Dental at (512) 555-0100.',
      ].join('\n\n'),
      link,
    });
  });

  it("quotes the practice's note", () => {
    const [text, email] = paymentRequestMessages(both, practice, {
      amount: 5_000,
      message: 'For your crown on March 3.',
      link,
    });
    expect(text!.body).toContain('$50.00. For your crown on March 3. Pay securely here:');
    expect(email!.body).toContain('\n\n"For your crown on March 3."\n\n');
  });

  it.each([
    ['text only', { ...both, eMail: '' }, ['SMS']],
    ['e-mail only', { ...both, toPhone: '' }, ['EMAIL']],
    ['neither', { ...both, toPhone: '', eMail: '' }, []],
  ])('%s', (_what, to, channels) => {
    const messages = paymentRequestMessages(to, practice, { amount: 100, message: '', link });
    expect(messages.map((m) => m.channel)).toEqual(channels);
  });

  it('names the practice without a phone when it has none', () => {
    const [email] = paymentRequestMessages(
      { ...both, toPhone: '' },
      { ...practice, phone: '' },
      {
        amount: 100,
        message: '',
        link,
      },
    );
    expect(email!.body.endsWith('Questions? Contact Bright Smiles Dental.')).toBe(true);
  });
});

describe('paymentReminderMessages', () => {
  it('says it is a reminder, with the amount and the same link', () => {
    const [text, email] = paymentReminderMessages(both, practice, { amount: 12_550, message: '', link });
    expect(text!.body).toBe(
      `Bright Smiles Dental: Reminder: your payment request for $125.50 is still open. Pay securely here: ${link}`,
    );
    expect(email!.subject).toBe('Reminder: payment request from Bright Smiles Dental');
    expect(email!.link).toBe(link);
  });
});

describe('cardRequestMessages', () => {
  it('asks for a card on file with the link', () => {
    const cardLink = 'http://localhost:8080/#/card/xyz789';
    const [text, email] = cardRequestMessages(both, practice, cardLink);
    expect(text!.body).toBe(
      `Bright Smiles Dental: Hi Maria, please add a card to keep on file with us. Add it securely here: ${cardLink}`,
    );
    expect(email!.subject).toBe('Bright Smiles Dental asks you to keep a card on file');
    expect(email!.body).toContain(`Add your card securely: ${cardLink}`);
  });
});
