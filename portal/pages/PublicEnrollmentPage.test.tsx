/**
 * The public enrolment page against a fake SDK and the fake card provider: the plans and prices with
 * the surcharge disclosed, the card quoted before signing, the signature required, completing once
 * with an idempotency key, a declined first payment, and completed, canceled and wrong links.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EnrollmentPage } from '../../embed-sdk/contract/membership.js';
import '../../widgets/ui/testing/domMatchers.js';
import { installFakeCardProvider } from '../../widgets/ui/testing/fakeCardProvider.js';
import { enrollmentPage } from '../testing/membershipFixtures.js';
import { createPortalSdk, ok } from '../testing/portalFixtures.js';
import { renderPortal } from '../testing/renderPortal.js';
import PublicEnrollmentPage from './PublicEnrollmentPage.js';

const TOKEN = 'tok_abcdefghijklmnop';
const QUOTE = {
  cardType: 'VISA',
  description: 'Visa •••• 1111',
  funding: 'CREDIT',
  amount: 7900,
  surchargeAmount: 237,
  total: 8137,
  surchargeRateBps: 300,
};

function setUp(page: EnrollmentPage = enrollmentPage(), approved = true) {
  return createPortalSdk({
    '/api/public/membershipEnrollment': () => ok(page),
    '/api/public/membershipEnrollment/quote': () => ok(QUOTE),
    '/api/public/membershipEnrollment/complete': () =>
      ok({
        status: approved ? 'ACTIVE' : 'AWAITINGPATIENT',
        startDate: '2026-12-01',
        outcome: {
          isApproved: approved,
          reason: approved ? null : 'Insufficient funds',
          referenceId: 'TX77-1',
          transactionId: approved ? 'TX77' : null,
          orderAmount: 7900,
          surchargeAmount: 237,
          total: 8137,
        },
      }),
  });
}

const render = (fake: ReturnType<typeof setUp>) =>
  renderPortal(<PublicEnrollmentPage token={TOKEN} />, { sdk: fake.sdk, path: `/enroll/${TOKEN}` });

let provider: ReturnType<typeof installFakeCardProvider>;
beforeEach(() => {
  provider = installFakeCardProvider();
});
afterEach(() => provider.uninstall());

const COMPLETE = '/api/public/membershipEnrollment/complete';

async function quoteCard(user: ReturnType<typeof userEvent.setup>) {
  const next = await screen.findByRole('button', { name: 'Continue' });
  await waitFor(() => expect(next).not.toBeDisabled());
  await user.click(next);
  return screen.findByRole('region', { name: 'Your membership’s cost' });
}

describe('the public enrolment page', () => {
  it('shows each enrollee’s plan with what it includes and costs, the surcharge and the agreement', async () => {
    const fake = setUp();
    render(fake);
    expect(await screen.findByRole('heading', { name: 'Hi Ana,' })).toBeInTheDocument();
    expect(fake.callsTo('/api/public/membershipEnrollment')[0]!.query).toEqual({ token: TOKEN });
    expect(
      screen.getByText(/set up a monthly membership for you, starting 12\/01\/2026/),
    ).toBeInTheDocument();
    const adult = screen.getByRole('article', { name: 'Smile Club Adult for Ana' });
    expect(adult).toHaveTextContent('Two cleanings and exams a year');
    expect(adult).toHaveTextContent('Discount on other treatment: Smile Club 15% off treatment');
    expect(adult).toHaveTextContent('$33.00 a month');
    const kids = screen.getByRole('article', { name: 'Smile Club Kids for Leo' });
    expect(kids).toHaveTextContent('For Leo × 2');
    expect(kids).toHaveTextContent('$46.00 a month');
    // A plan without an image keeps no empty image column: its text starts the card.
    expect(adult.firstElementChild?.tagName).toBe('IMG');
    expect(kids.querySelector('img')).toBeNull();
    expect(kids.firstElementChild?.textContent?.startsWith('Smile Club Kids')).toBe(true);
    expect(screen.getByText('Total a month')).toBeInTheDocument();
    expect(
      screen.getByText(/Credit cards carry a 3% surcharge\. Debit and prepaid cards carry none\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Agreement' })).toHaveTextContent(
      'I authorize Bright Smiles Dental to charge my card',
    );
  });

  it('quotes the card, asks for the signature, and completes once with a key', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    const cost = await quoteCard(user);
    expect(fake.callsTo('/api/public/membershipEnrollment/quote')[0]!.body).toEqual({
      token: TOKEN,
      nonce: 'nonce-1',
    });
    expect(within(cost).getByText('Credit card surcharge')).toBeInTheDocument();
    expect(within(cost).getByText('$81.37')).toBeInTheDocument();

    await user.click(within(cost).getByRole('button', { name: 'Sign and Enroll' }));
    expect(await within(cost).findByText('The signature is required.')).toBeInTheDocument();
    expect(fake.callsTo(COMPLETE)).toHaveLength(0);

    await user.type(within(cost).getByRole('textbox', { name: /Signature/ }), 'Ana Lopez');
    expect(screen.getByText(/Review the plans, add a card and sign to enroll\./)).toBeInTheDocument();
    await user.click(within(cost).getByRole('button', { name: 'Sign and Enroll' }));
    expect(await screen.findByText('You are enrolled.')).toBeInTheDocument();
    expect(screen.getByText(/\$81\.37 was charged today \(transaction TX77\)/)).toBeInTheDocument();
    // The introduction says what happened, no longer what to do.
    expect(screen.queryByText(/add a card and sign to enroll/)).not.toBeInTheDocument();
    expect(screen.queryByText(/You will see the exact amount before you sign\./)).not.toBeInTheDocument();
    expect(
      screen.getByText(/You have signed the agreement and enrolled; your card is on file for it\./),
    ).toBeInTheDocument();
    expect(fake.callsTo(COMPLETE).map((c) => c.body)).toEqual([
      { token: TOKEN, nonce: 'nonce-1', signature: 'Ana Lopez' },
    ]);
    expect(fake.sdk.api.call).toHaveBeenCalledWith(
      expect.objectContaining({ path: COMPLETE }),
      expect.objectContaining({ idempotencyKey: expect.any(String) }),
    );
  });

  it('says a declined first payment was declined and offers another card', async () => {
    const fake = setUp(enrollmentPage(), false);
    const user = userEvent.setup();
    render(fake);
    const cost = await quoteCard(user);
    await user.type(within(cost).getByRole('textbox', { name: /Signature/ }), 'Ana Lopez');
    await user.click(within(cost).getByRole('button', { name: 'Sign and Enroll' }));
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    expect(screen.getByText(/Insufficient funds Nothing was charged/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try another card' }));
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it.each([
    ['COMPLETED', 'This enrollment is complete.'],
    ['CANCELED', 'This enrollment has been canceled.'],
  ] as const)('says a %s link is closed and takes no card', async (status, text) => {
    render(setUp(enrollmentPage({ status })));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    // The introduction asks nothing more of the patient.
    expect(screen.queryByText(/add a card and sign to enroll/)).toBeNull();
    expect(!!screen.queryByText(/You have signed the agreement and enrolled/)).toBe(status === 'COMPLETED');
    expect(provider.frames).toHaveLength(0);
  });

  it('says a wrong link could not be opened', async () => {
    const fake = createPortalSdk({
      '/api/public/membershipEnrollment': () => Promise.reject(new Error('404')),
    });
    render(fake);
    expect(await screen.findByText('This enrollment link could not be opened.')).toBeInTheDocument();
  });
});
