import { describe, expect, it } from 'vitest';
import {
  cardRequestMessages,
  membershipEnrollmentMessages,
  NO_PRACTICE_TEMPLATES as defaults,
  paymentNewLinkMessages,
  paymentReceiptMessage,
  paymentReminderMessages,
  paymentRequestMessages,
} from './patientMessages.js';

const practice = { name: 'Bright Smiles Dental', phone: '5125550100' };
const both = { toPhone: '5125550142', eMail: 'maria.garcia@example.com', firstName: 'Maria' };
const link = 'http://localhost:8080/#/p/abc123';

describe('paymentRequestMessages', () => {
  it('texts one line with the amount and the link, and e-mails a letter with a subject', () => {
    const [text, email] = paymentRequestMessages(
      both,
      practice,
      { amount: 12_550, message: '', link },
      defaults,
    );
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
    const [text, email] = paymentRequestMessages(
      both,
      practice,
      {
        amount: 5_000,
        message: 'For your crown on March 3.',
        link,
      },
      defaults,
    );
    expect(text!.body).toContain('$50.00. For your crown on March 3. Pay securely here:');
    expect(email!.body).toContain('\n\n"For your crown on March 3."\n\n');
  });

  it.each([
    ['text only', { ...both, eMail: '' }, ['SMS']],
    ['e-mail only', { ...both, toPhone: '' }, ['EMAIL']],
    ['neither', { ...both, toPhone: '', eMail: '' }, []],
  ])('%s', (_what, to, channels) => {
    const messages = paymentRequestMessages(to, practice, { amount: 100, message: '', link }, defaults);
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
      defaults,
    );
    expect(email!.body.endsWith('Questions? Contact Bright Smiles Dental.')).toBe(true);
  });
});

describe('paymentReminderMessages', () => {
  it('says it is a reminder, with the amount and the same link', () => {
    const [text, email] = paymentReminderMessages(
      both,
      practice,
      { amount: 12_550, message: '', link },
      defaults,
    );
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
    const [text, email] = cardRequestMessages(both, practice, cardLink, defaults);
    expect(text!.body).toBe(
      `Bright Smiles Dental: Hi Maria, please add a card to keep on file with us. Add it securely here: ${cardLink}`,
    );
    expect(email!.subject).toBe('Bright Smiles Dental asks you to keep a card on file');
    expect(email!.body).toContain(`Add your card securely: ${cardLink}`);
  });
});

describe("a practice's own templates", () => {
  const own = {
    PAYMENT_REQUEST: {
      text: 'Hello {firstName}! {practiceName} asks {amount}. Tap {link} to pay.',
      emailSubject: 'Your balance at {practiceName}',
      emailBody: 'Dear {firstName},\n\nYou owe {amount}.\n\nPay here: {link}\n\nThank you!',
    },
    RECEIPT: {
      text: null,
      emailSubject: 'Thanks from {practiceName}',
      emailBody: 'Dear {firstName}, we received {amount}.',
    },
  };

  it('words a payment request, its text and its e-mail, and keeps the other parts where they were', () => {
    const [text, email] = paymentRequestMessages(
      both,
      practice,
      { amount: 5_000, message: 'For your crown.', link },
      own,
    );
    expect(text!.body).toBe(
      `Hello Maria! Bright Smiles Dental asks $50.00. For your crown. Tap ${link} to pay.`,
    );
    expect(email!.subject).toBe('Your balance at Bright Smiles Dental');
    expect(email!.body).toBe(
      [
        'Dear Maria,',
        'You owe $50.00.',
        '"For your crown."',
        `Pay here: ${link}`,
        'Thank you!',
        'Questions? Call Bright Smiles Dental at (512) 555-0100.',
      ].join('\n\n'),
    );
  });

  it('puts the note after a text whose first sentence carries the link, and never reads it as a template', () => {
    const [text] = paymentRequestMessages(
      both,
      practice,
      { amount: 100, message: 'Ask for {amount}', link },
      { PAYMENT_REQUEST: { ...own.PAYMENT_REQUEST, text: 'Pay {amount} at {link}' } },
    );
    expect(text!.body).toBe(`Pay $1.00 at ${link} Ask for {amount}`);
  });

  it('sends Send New Link in the practice’s payment request wording, and the default’s own without one', () => {
    const [ownText] = paymentNewLinkMessages(both, practice, { amount: 100, message: '', link }, own);
    expect(ownText!.body).toBe(`Hello Maria! Bright Smiles Dental asks $1.00. Tap ${link} to pay.`);
    const [defaultText] = paymentNewLinkMessages(
      both,
      practice,
      { amount: 100, message: '', link },
      defaults,
    );
    expect(defaultText!.body).toContain('here is a new link for your payment request of $1.00');
  });

  it('leaves the kinds it has not worded in the default', () => {
    const [text] = paymentReminderMessages(both, practice, { amount: 12_550, message: '', link }, own);
    expect(text!.body).toBe(
      `Bright Smiles Dental: Reminder: your payment request for $125.50 is still open. Pay securely here: ${link}`,
    );
  });

  it('follows its own receipt with the date and the details', () => {
    const payment = {
      amount: 5_000,
      surchargeAmount: 150,
      paidOn: '12/04/2026',
      method: 'Visa 4242',
      transactionId: 'abc',
    };
    expect(paymentReceiptMessage(both, practice, payment, own)).toEqual({
      channel: 'EMAIL',
      recipient: 'maria.garcia@example.com',
      subject: 'Thanks from Bright Smiles Dental',
      body: [
        'Dear Maria, we received $50.00.',
        'Paid on: 12/04/2026\nPaid with: Visa 4242\nIncludes a card surcharge of $1.50\nTransaction ID: abc',
        'Questions? Call Bright Smiles Dental at (512) 555-0100.',
      ].join('\n\n'),
      link: null,
    });
    expect(paymentReceiptMessage(both, practice, payment, defaults).body).toBe(
      [
        'Hi Maria,',
        'Thank you for your payment of $50.00 to Bright Smiles Dental on 12/04/2026.',
        'Paid with: Visa 4242\nIncludes a card surcharge of $1.50\nTransaction ID: abc',
        'Questions? Call Bright Smiles Dental at (512) 555-0100.',
      ].join('\n\n'),
    );
  });

  it("sends an enrolment, its reminder and its new link in the practice's membership wording", () => {
    const membership = {
      MEMBERSHIP_NOTICE: {
        text: 'Join {practiceName}: {link}',
        emailSubject: 'Join us',
        emailBody: 'Sign here: {link}',
      },
    };
    for (const e of [{ reminder: false }, { reminder: true }, { reminder: false, newLink: true }]) {
      const [text, email] = membershipEnrollmentMessages(both, practice, { link, ...e }, membership);
      expect(text!.body).toBe(`Join Bright Smiles Dental: ${link}`);
      expect(email!.subject).toBe('Join us');
    }
  });
});
