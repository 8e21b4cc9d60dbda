/**
 * The public card page against a fake SDK and the fake card provider: what it shows, storing the card
 * from the frame's nonce once, a card the server refused, and used and expired links.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../widgets/ui/testing/domMatchers.js';
import { installFakeCardProvider } from '../../widgets/ui/testing/fakeCardProvider.js';
import type { CardRequestPage } from '../../embed-sdk/contract/savedCard.js';
import { createPortalSdk, ok, refused } from '../testing/portalFixtures.js';
import { renderPortal } from '../testing/renderPortal.js';
import PublicCardPage from './PublicCardPage.js';

const TOKEN = 'tok_abcdefghijklmnop';

const PAGE: CardRequestPage = {
  practiceName: 'Bright Smiles Dental',
  firstName: 'Maria',
  status: 'OPEN',
  expires: '2026-11-10T15:00:00.000Z',
  card: null,
  cardEntry: { businessId: 'biz', appId: 'app', scriptUrl: 'https://cards.test/tokenize.js' },
};

const VISA = { cardType: 'VISA' as const, description: '•••• 1111', expMonth: 12, expYear: 2029 };

function setUp(page: CardRequestPage = PAGE, store: () => unknown = () => ok(VISA)) {
  return createPortalSdk({
    '/api/public/cardRequest': () => ok(page),
    '/api/public/cardRequest/store': store,
  });
}

const render = (fake: ReturnType<typeof setUp>) =>
  renderPortal(<PublicCardPage token={TOKEN} />, { sdk: fake.sdk, path: `/card/${TOKEN}` });

let provider: ReturnType<typeof installFakeCardProvider>;
beforeEach(() => {
  provider = installFakeCardProvider();
});
afterEach(() => provider.uninstall());

describe('the public card page', () => {
  it('shows the practice and the first name, and how long the link works', async () => {
    const fake = setUp();
    render(fake);
    expect(await screen.findByRole('heading', { name: 'Hi Maria,' })).toBeInTheDocument();
    expect(screen.getByText('Bright Smiles Dental')).toBeInTheDocument();
    expect(screen.getByText(/asks you to keep a card on file with them/)).toBeInTheDocument();
    expect(screen.getByText('This link stores one card and works until 11/10/2026.')).toBeInTheDocument();
    expect(fake.callsTo('/api/public/cardRequest')[0]!.query).toEqual({ token: TOKEN });
  });

  it('stores the card from the frame’s nonce, once, and says it is on file', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    const save = await screen.findByRole('button', { name: 'Save Card' });
    await waitFor(() => expect(save).not.toBeDisabled());
    await user.click(save);
    expect(await screen.findByText('Your card is on file.')).toBeInTheDocument();
    expect(screen.getByText('Visa ending in 1111, expires 12/29')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Card' })).not.toBeInTheDocument();
    expect(fake.callsTo('/api/public/cardRequest/store').map((c) => c.body)).toEqual([
      { token: TOKEN, nonce: 'nonce-1' },
    ]);
  });

  it('keeps the form when the server refuses the card (its banner says why)', async () => {
    const fake = setUp(PAGE, () => refused('Card declined'));
    const user = userEvent.setup();
    render(fake);
    const save = await screen.findByRole('button', { name: 'Save Card' });
    await waitFor(() => expect(save).not.toBeDisabled());
    await user.click(save);
    await waitFor(() => expect(fake.callsTo('/api/public/cardRequest/store')).toHaveLength(1));
    await waitFor(() => expect(save).not.toBeDisabled());
    expect(screen.queryByText('Your card is on file.')).not.toBeInTheDocument();
  });

  it('says a used link was used, names the card on file, and takes no card', async () => {
    const fake = setUp({ ...PAGE, status: 'USED', card: VISA });
    render(fake);
    expect(await screen.findByText('This link was already used to store a card.')).toBeInTheDocument();
    expect(
      screen.getByText(/Visa ending in 1111, expires 12\/29 is on file with Bright Smiles Dental/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Card' })).not.toBeInTheDocument();
    expect(provider.frames).toHaveLength(0);
  });

  it('says an expired link has expired, and takes no card', async () => {
    const fake = setUp({ ...PAGE, status: 'EXPIRED' });
    render(fake);
    expect(await screen.findByText('This link has expired.')).toBeInTheDocument();
    expect(screen.getByText(/stopped taking cards on 11\/10\/2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Card' })).not.toBeInTheDocument();
    expect(provider.frames).toHaveLength(0);
  });

  it('says a wrong link could not be opened', async () => {
    const fake = createPortalSdk({ '/api/public/cardRequest': () => Promise.reject(new Error('404')) });
    render(fake);
    expect(await screen.findByText('This card link could not be opened.')).toBeInTheDocument();
  });
});
