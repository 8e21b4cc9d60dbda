import { describe, expect, it } from 'vitest';
import { planDeclineReminderMessages } from './patientMessages.js';

const practice = { name: 'Bright Smiles Dental', phone: '5125550100' };
const link = 'http://localhost:8080/#/card/abc123';

describe('planDeclineReminderMessages', () => {
  it('tells the patient the past-due amount and links to storing a new card, by text and e-mail', () => {
    const [text, email] = planDeclineReminderMessages(
      { toPhone: '5125550142', eMail: 'john.smith@example.com', firstName: 'John' },
      practice,
      { pastDue: 12_000, link },
    );
    expect(text).toEqual({
      channel: 'SMS',
      recipient: '5125550142',
      subject: '',
      body: `Bright Smiles Dental: Hi John, a payment of $120.00 on your payment plan was declined. Update your card here: ${link}`,
      link,
    });
    expect(email!.subject).toBe('A payment on your payment plan with Bright Smiles Dental was declined');
    expect(email!.body).toContain(
      'A payment of $120.00 on your payment plan with Bright Smiles Dental was declined',
    );
    expect(email!.body).toContain(`Add your card securely: ${link}`);
  });

  it('uses only the channels the patient has', () => {
    const messages = planDeclineReminderMessages(
      { toPhone: '', eMail: 'a@example.com', firstName: 'A' },
      practice,
      {
        pastDue: 1,
        link,
      },
    );
    expect(messages.map((m) => m.channel)).toEqual(['EMAIL']);
  });
});
