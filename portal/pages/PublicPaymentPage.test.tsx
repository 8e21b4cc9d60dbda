/**
 * The public payment page against a fake SDK and the fake card provider: what it shows, the viewed
 * time, the surcharge as its own line before paying, paying once, a decline, and closed links.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../widgets/ui/testing/domMatchers.js';
import { installFakeCardProvider } from '../../widgets/ui/testing/fakeCardProvider.js';
import type { PaymentLinkAnswer, PaymentPage } from '../../embed-sdk/contract/paymentPage.js';
import { createPortalSdk, ok } from '../testing/portalFixtures.js';
import { renderPortal } from '../testing/renderPortal.js';
import PublicPaymentPage from './PublicPaymentPage.js';

const TOKEN = 'tok_abcdefghijklmnop';

const PAGE: PaymentPage = {
  practiceName: 'Bright Smiles Dental',
  practicePhone: '5125550100',
  firstName: 'Maria',
  amount: 12_500,
  message: 'Crown balance',
  status: 'OPEN',
  receipt: null,
  surcharge: { rateBps: 300 },
  cardEntry: { businessId: 'biz', appId: 'app', scriptUrl: 'https://cards.test/tokenize.js' },
};

const QUOTE = {
  cardType: 'VISA' as const,
  description: '•••• 1111',
  funding: 'CREDIT' as const,
  amount: 12_500,
  surchargeAmount: 375,
  total: 12_875,
  surchargeRateBps: 300,
};

function setUp(page: PaymentLinkAnswer = PAGE, approved = true) {
  return createPortalSdk({
    '/api/public/paymentRequest': () => ok(page),
    '/api/public/paymentRequest/viewed': () => ok({ paymentPage: '2026-11-03T08:00:00.000Z' }),
    '/api/public/paymentRequest/quote': () => ok(QUOTE),
    '/api/public/paymentRequest/pay': () =>
      ok({
        ...QUOTE,
        isApproved: approved,
        reason: approved ? null : 'Insufficient funds',
        referenceId: 'ABC123-1',
        transactionId: 'ABC123',
        paid: approved ? '2026-11-03T10:00:00.000Z' : null,
      }),
  });
}

const render = (fake: ReturnType<typeof setUp>) =>
  renderPortal(<PublicPaymentPage token={TOKEN} />, { sdk: fake.sdk, path: `/p/${TOKEN}` });

let provider: ReturnType<typeof installFakeCardProvider>;
beforeEach(() => {
  provider = installFakeCardProvider();
});
afterEach(() => provider.uninstall());

describe('an expired link', () => {
  const EXPIRED = {
    status: 'EXPIRED' as const,
    practiceName: 'Bright Smiles Dental',
    practicePhone: '5125550100',
    expired: '2026-11-10T15:00:00.000Z',
    replaced: false,
  };

  it('says it expired and to ask the practice for a new link, with nothing of the patient’s, and records no viewing', async () => {
    const fake = setUp(EXPIRED);
    render(fake);
    expect(await screen.findByText('This link has expired.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    expect(
      screen.getByText('Ask Bright Smiles Dental for a new link to pay, or call them at (512) 555-0100.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Hi /)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review Payment' })).not.toBeInTheDocument();
    expect(fake.callsTo('/api/public/paymentRequest/viewed')).toHaveLength(0);
  });

  it('says when a newer link replaced it', async () => {
    render(setUp({ ...EXPIRED, replaced: true }));
    expect(await screen.findByText('This link has been replaced by a newer one.')).toBeInTheDocument();
    expect(
      screen.getByText(/^Use the link in Bright Smiles Dental's latest text or e-mail to pay\./),
    ).toBeInTheDocument();
  });
});

describe('the public payment page', () => {
  it('shows the practice, the first name and the amount, and records the viewing once', async () => {
    const fake = setUp();
    render(fake);
    expect(await screen.findByRole('heading', { name: 'Hi Maria,' })).toBeInTheDocument();
    expect(screen.getAllByText(/Bright Smiles Dental/).length).toBeGreaterThan(0);
    expect(screen.getByText('$125.00')).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo('/api/public/paymentRequest/viewed')).toHaveLength(1));
    expect(fake.callsTo('/api/public/paymentRequest/viewed')[0]!.body).toEqual({ token: TOKEN });
  });

  it('discloses the surcharge on its own line before paying, then pays the quoted total', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    const review = await screen.findByRole('button', { name: 'Review Payment' });
    // Before the card is known, the rate a credit card carries, and no amount or total with it.
    expect(
      screen.getByText(/Credit cards carry a 3% surcharge\. Debit and prepaid cards carry none\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/\$3\.75|\$128\.75/)).toBeNull();
    await waitFor(() => expect(review).not.toBeDisabled());
    await user.click(review);
    const summary = await screen.findByRole('region', { name: 'Payment summary' });
    expect(summary).toHaveTextContent('Credit card surcharge$3.75');
    expect(summary).toHaveTextContent('Total$128.75');
    expect(fake.callsTo('/api/public/paymentRequest/pay')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Pay $128.75' }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByText(/Your transaction was completed\./)).toBeInTheDocument();
    expect(fake.callsTo('/api/public/paymentRequest/pay')[0]!.body).toEqual({
      token: TOKEN,
      nonce: 'nonce-1',
      total: 12_875,
    });
  });

  it('says when the card was declined', async () => {
    const fake = setUp(PAGE, false);
    const user = userEvent.setup();
    render(fake);
    const review = await screen.findByRole('button', { name: 'Review Payment' });
    await waitFor(() => expect(review).not.toBeDisabled());
    await user.click(review);
    await user.click(await screen.findByRole('button', { name: 'Pay $128.75' }));
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    expect(screen.getByText(/Insufficient funds/)).toBeInTheDocument();

    // Another card: a new card frame, and a new nonce for the next payment.
    provider.answerWith({ nonce: 'nonce-2' });
    await user.click(screen.getByRole('button', { name: 'Try another card' }));
    const again = await screen.findByRole('button', { name: 'Review Payment' });
    await waitFor(() => expect(again).not.toBeDisabled());
    await user.click(again);
    await user.click(await screen.findByRole('button', { name: 'Pay $128.75' }));
    await waitFor(() => expect(fake.callsTo('/api/public/paymentRequest/pay')).toHaveLength(2));
    const nonces = fake.callsTo('/api/public/paymentRequest/pay').map((c) => c.body?.nonce);
    expect(nonces).toEqual(['nonce-1', 'nonce-2']);
    expect(provider.frames).toHaveLength(2);
    expect(provider.frames.map((f) => f.mounted !== null)).toEqual([false, true]);
  });

  it('takes no payment on a paid or cancelled link', async () => {
    const fake = setUp({
      ...PAGE,
      status: 'PAID',
      receipt: { paid: '2026-11-03T10:00:00.000Z', orderAmount: 12_500, surchargeAmount: 375, total: 12_875 },
    });
    render(fake);
    expect(await screen.findByText('This payment request has been paid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review Payment' })).not.toBeInTheDocument();
    expect(fake.callsTo('/api/public/paymentRequest/viewed')).toHaveLength(0);
  });

  it('says a cancelled link is cancelled', async () => {
    const fake = setUp({ ...PAGE, status: 'CANCELLED' });
    render(fake);
    expect(await screen.findByText('This payment request has been cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review Payment' })).not.toBeInTheDocument();
  });
});
