/** The sandbox's built-in terms of service (a placeholder agreement for the demo practices), in force until an administrator publishes a version of their own (terms.ts). */
export const TERMS_VERSION = '2026-01';

export const TERMS_OF_SERVICE = `Chairside Terms of Service (sandbox)

1. Who these terms are for
These terms apply to staff of dental practices who use Chairside to collect patient payments, and to the practice that gave them access.

2. Patient data
You may view and change patient records only for the practice you are signed in to, and only to serve that practice's patients. Every change you make is written to the practice management system.

3. Card payments
Card numbers are entered only in the card provider's secure frame. Chairside stores a token for each card, never the number. You will charge a stored card only with the patient's authorization.

4. Surcharges
Where your practice surcharges credit card payments, the surcharge is shown to the patient before they pay, never exceeds 3% of the amount, and is never applied to debit cards.

5. Refunds and voids
Refunds are available for 180 days after a payment. Voids are available until the payment settles.

6. Messages to patients
Payment requests and reminders are sent by text message or e-mail only to contact details the patient gave the practice.

7. The sandbox
This is a sandbox: the practices, patients and payments in it are invented, and no real money moves.`;
