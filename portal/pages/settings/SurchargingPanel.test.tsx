/**
 * Settings › Surcharging against a fake SDK: what the chosen state's law does, the preview of a
 * $100.00 credit and debit payment by the rule payments are charged by, a rate above the cap refused
 * as typed, the server's refusal placed under its field, and a save.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../embed-sdk/api/errors.js';
import type { BannerDetail } from '../../../embed-sdk/events.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { createPortalSdk, ok, SESSIONS, type Call } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
import { SurchargingPanel } from './SurchargingPanel.js';

function renderPanel(handlers: Record<string, (call: Call) => unknown> = {}) {
  const fake = createPortalSdk({
    '/api/settings/surcharging': (call) =>
      ok(call.body ?? { hasSurcharging: true, surchargeRateBps: 300, state: 'TX' }),
    ...handlers,
  });
  const banners: BannerDetail[] = [];
  fake.events.on('banner', (b) => banners.push(b));
  renderPortal(<SurchargingPanel />, { sdk: fake.sdk, session: SESSIONS.admin, path: '/companyProfile' });
  return { ...fake, banners };
}

const panel = () => screen.getByRole('region', { name: 'Surcharging' });
const preview = () => within(panel()).getByRole('region', { name: 'What the patient pays' });
const saves = (fake: { callsTo: (path: string) => Call[] }) =>
  fake.callsTo('/api/settings/surcharging').filter((c) => c.body);

describe('Settings: surcharging', () => {
  it('says what the state’s law does and what a $100.00 payment costs, as the rule charges it', async () => {
    const user = userEvent.setup();
    renderPanel();
    const rate = await within(await screen.findByRole('region', { name: 'Surcharging' })).findByRole(
      'textbox',
      {
        name: /Surcharge rate/,
      },
    );
    expect(rate).toHaveValue('3.00');
    expect(within(panel()).getByRole('combobox', { name: /State the practice is in/ })).toHaveValue('TX');
    expect(within(panel()).getByText(/^Texas law does not limit a surcharge/)).toHaveTextContent(
      'Credit-card payments carry 3%.',
    );
    expect(preview()).toHaveTextContent('A $100.00 credit card payment$103.00');
    expect(preview()).toHaveTextContent('A $100.00 debit card payment$100.00');

    await user.clear(rate);
    await user.type(rate, '2.5');
    await user.selectOptions(within(panel()).getByRole('combobox', { name: /State/ }), 'CO');
    expect(within(panel()).getByText(/^Colorado law caps a surcharge at 2%/)).toHaveTextContent(
      'Credit-card payments carry 2%.',
    );
    expect(preview()).toHaveTextContent('A $100.00 credit card payment$102.00');

    await user.selectOptions(within(panel()).getByRole('combobox', { name: /State/ }), 'MA');
    expect(
      within(panel()).getByText(/^Massachusetts law forbids a surcharge on card payments/),
    ).toBeInTheDocument();
    expect(preview()).toHaveTextContent('A $100.00 credit card payment$100.00');

    await user.selectOptions(within(panel()).getByRole('combobox', { name: /State/ }), 'TX');
    await user.click(within(panel()).getByRole('switch', { name: 'Surcharge credit cards' }));
    expect(within(panel()).queryByRole('textbox', { name: /Surcharge rate/ })).toBeNull();
    expect(
      within(panel()).getByText(/Surcharging is off, so no payment carries a surcharge\./),
    ).toBeInTheDocument();
    expect(preview()).toHaveTextContent('A $100.00 credit card payment$100.00');
  });

  it('refuses a rate above 3 % as typed, and saves a good one', async () => {
    const user = userEvent.setup();
    const fake = renderPanel();
    const rate = await within(await screen.findByRole('region', { name: 'Surcharging' })).findByRole(
      'textbox',
      {
        name: /Surcharge rate/,
      },
    );
    await user.clear(rate);
    await user.type(rate, '3.5');
    expect(within(panel()).getByText(/^Enter a rate from 0 to 3 %/)).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: 'Save surcharging' }));
    expect(
      await within(panel()).findByText('Surcharge rate must be a percentage from 0 to 3, such as 2.5.'),
    ).toBeInTheDocument();
    expect(saves(fake)).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '2.5');
    await user.click(within(panel()).getByRole('button', { name: 'Save surcharging' }));
    await waitFor(() =>
      expect(saves(fake)).toMatchObject([
        { body: { hasSurcharging: true, surchargeRateBps: 250, state: 'TX' } },
      ]),
    );
    expect(fake.banners).toContainEqual(expect.objectContaining({ intent: 'success', title: 'Saved' }));
  });

  it('shows the server’s refusal under its field', async () => {
    const user = userEvent.setup();
    renderPanel({
      '/api/settings/surcharging': (call) => {
        if (!call.body) return ok({ hasSurcharging: true, surchargeRateBps: 300, state: 'TX' });
        throw new ApiError(
          'refused',
          400,
          {
            isSuccess: false,
            value: null,
            errors: ['body.state: must be a US state, DC or Puerto Rico, by its two-letter code'],
            showMessage: true,
          },
          'POST /api/settings/surcharging',
        );
      },
    });
    const save = await within(await screen.findByRole('region', { name: 'Surcharging' })).findByRole(
      'button',
      {
        name: 'Save surcharging',
      },
    );
    await user.click(save);
    expect(
      await within(panel()).findByText('State must be a US state, DC or Puerto Rico, by its two-letter code'),
    ).toBeInTheDocument();
  });
});
