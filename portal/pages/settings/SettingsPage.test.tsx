/**
 * Settings against a fake SDK: the practice's embed origins (listed, one added after it is checked
 * as typed and by the server, one removed after a confirmation) and its integrations (the roles
 * granted, changed and saved), how long its patient links work (checked as typed, saved), and the
 * wording of its patient messages (previewed as typed, checked, saved).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../embed-sdk/api/errors.js';
import type { BannerDetail } from '../../../embed-sdk/events.js';
import { DEFAULT_TEMPLATES, MESSAGE_KINDS } from '../../../embed-sdk/rules/messageTemplates.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { createPortalSdk, ok, SESSIONS, type Call } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
import SettingsPage from './SettingsPage.js';

const ADDED = '2026-11-20T10:00:00.000Z';
const INTRANET = { origin: 'https://intranet.example.com', created: ADDED };
const ADDON = {
  clientId: 'practice-addon-demo',
  name: 'Open Dental add-on (demo)',
  roles: ['VIEWPAYMENTREQUESTS', 'EDITPAYMENTREQUESTS'],
  created: ADDED,
  revoked: null,
};

function renderSettings(handlers: Record<string, (call: Call) => unknown> = {}) {
  let origins = [INTRANET];
  const fake = createPortalSdk({
    '/api/settings/embedOrigins': () => ok({ origins }),
    '/api/settings/embedOrigins/add': (call) => {
      origins = [...origins, { origin: String(call.body!.origin).toLowerCase(), created: ADDED }];
      return ok({ origins });
    },
    '/api/settings/embedOrigins/remove': (call) => {
      origins = origins.filter((o) => o.origin !== call.body!.origin);
      return ok({ origins });
    },
    '/api/settings/integrations': () => ok({ integrations: [ADDON] }),
    '/api/settings/integrations/roles': (call) => ok({ ...ADDON, roles: call.body!.roles }),
    '/api/settings/linkExpiry': (call) =>
      ok(call.body ?? { paymentLinkDays: 7, enrollmentLinkDays: 7, cardRequestLinkDays: 7 }),
    '/api/settings/messageTemplates': (call) =>
      call.body
        ? ok({ ...call.body, isDefault: false, updated: ADDED })
        : ok({
            templates: MESSAGE_KINDS.map((kind) => ({
              kind,
              ...DEFAULT_TEMPLATES[kind],
              isDefault: true,
              updated: null,
            })),
          }),
    '/api/settings/reminders': (call) =>
      ok({ ...(call.body ?? { days: [], quietHours: null }), timeZone: 'America/Chicago' }),
    ...handlers,
  });
  const banners: BannerDetail[] = [];
  fake.events.on('banner', (b) => banners.push(b));
  renderPortal(<SettingsPage />, { sdk: fake.sdk, session: SESSIONS.admin, path: '/companyProfile' });
  return { ...fake, banners };
}

const originsPanel = () => screen.getByRole('region', { name: 'Embed origins' });

describe('Settings: embed origins', () => {
  it('lists the practice’s origins', async () => {
    renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const table = await within(originsPanel()).findByRole('table', { name: 'Embed origins' });
    expect(within(table).getByRole('cell', { name: 'https://intranet.example.com' })).toBeInTheDocument();
  });

  it('checks an origin as typed, and sends only a good one', async () => {
    const user = userEvent.setup();
    const fake = renderSettings();
    await within(originsPanel()).findByRole('table');
    const box = within(originsPanel()).getByRole('textbox', { name: 'New origin' });
    await user.type(box, 'https://partner.example.com/app');
    await user.click(within(originsPanel()).getByRole('button', { name: 'Add origin' }));
    expect(
      within(originsPanel()).getByText(
        'The origin must not have a path, a query or a fragment: only scheme://host or scheme://host:port.',
      ),
    ).toBeInTheDocument();
    expect(fake.callsTo('/api/settings/embedOrigins/add')).toEqual([]);

    await user.clear(box);
    await user.type(box, 'https://Partner.example.com');
    await user.click(within(originsPanel()).getByRole('button', { name: 'Add origin' }));
    expect(
      await within(originsPanel()).findByRole('cell', { name: 'https://partner.example.com' }),
    ).toBeInTheDocument();
    expect(fake.callsTo('/api/settings/embedOrigins/add')).toMatchObject([
      { body: { origin: 'https://Partner.example.com' }, noBanner: true },
    ]);
    expect(box).toHaveValue('');
    expect(fake.banners).toContainEqual(expect.objectContaining({ intent: 'success', title: 'Saved' }));
  });

  it('shows the server’s refusal under the field', async () => {
    const user = userEvent.setup();
    renderSettings({
      '/api/settings/embedOrigins/add': () => {
        throw new ApiError(
          'refused',
          400,
          {
            isSuccess: false,
            value: null,
            errors: ['body.origin: The origin is too long.'],
            showMessage: true,
          },
          'POST /api/settings/embedOrigins/add',
        );
      },
    });
    await within(originsPanel()).findByRole('table');
    await user.type(within(originsPanel()).getByRole('textbox', { name: 'New origin' }), 'https://a.example');
    await user.click(within(originsPanel()).getByRole('button', { name: 'Add origin' }));
    expect(await within(originsPanel()).findByText('The origin is too long.')).toBeInTheDocument();
  });

  it('removes an origin after asking', async () => {
    const user = userEvent.setup();
    const fake = renderSettings();
    await within(originsPanel()).findByRole('table');
    await user.click(
      within(originsPanel()).getByRole('button', { name: 'Remove https://intranet.example.com' }),
    );
    // In jsdom, Fluent's focus manager may mark the dialog aria-hidden for a moment (a real browser
    // test, settings.spec.ts, finds it by name): found by its title here.
    const dialog = await screen.findByRole('alertdialog', { hidden: true }, { timeout: 3_000 });
    expect(dialog).toHaveTextContent('Remove Origin');
    expect(dialog).toHaveTextContent(
      'Pages on https://intranet.example.com will no longer be able to show Chairside for this practice.',
    );
    expect(within(dialog).getByRole('button', { name: 'Remove', hidden: true })).toHaveAttribute(
      'data-intent',
      'danger',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove', hidden: true }));
    expect(
      await within(originsPanel()).findByText('No partner’s page may embed Chairside yet.'),
    ).toBeInTheDocument();
    expect(fake.callsTo('/api/settings/embedOrigins/remove')).toMatchObject([
      { body: { origin: 'https://intranet.example.com' } },
    ]);
  });
});

describe('Settings: integrations', () => {
  it('shows the roles granted to each, and saves a change', async () => {
    const user = userEvent.setup();
    const fake = renderSettings();
    const item = await screen.findByRole('listitem', { name: 'Open Dental add-on (demo)' });
    expect(item).toHaveTextContent('practice-addon-demo');
    expect(within(item).getByRole('checkbox', { name: 'View payment requests' })).toBeChecked();
    expect(within(item).getByRole('checkbox', { name: 'Process voids' })).not.toBeChecked();
    // A practice's settings are not the add-on's to change.
    expect(within(item).queryByRole('checkbox', { name: 'Manage settings' })).toBeNull();
    const save = within(item).getByRole('button', { name: 'Save roles' });
    expect(save).toBeDisabled();

    await user.click(within(item).getByRole('checkbox', { name: 'Edit payment requests' }));
    await user.click(within(item).getByRole('checkbox', { name: 'View payment plans' }));
    await user.click(save);
    await waitFor(() =>
      expect(fake.callsTo('/api/settings/integrations/roles')).toMatchObject([
        { body: { clientId: 'practice-addon-demo', roles: ['VIEWPAYMENTREQUESTS', 'VIEWPAYMENTPLANS'] } },
      ]),
    );
    const saved = await screen.findByRole('listitem', { name: 'Open Dental add-on (demo)' });
    await waitFor(() => expect(within(saved).getByRole('button', { name: 'Save roles' })).toBeDisabled());
    expect(within(saved).getByRole('checkbox', { name: 'View payment plans' })).toBeChecked();
    expect(fake.banners).toContainEqual(expect.objectContaining({ intent: 'success', title: 'Saved' }));
  });
});

describe('Settings: patient links', () => {
  const panel = () => screen.getByRole('region', { name: 'Patient links' });

  it('shows a week for each kind, checks the days as typed, and saves them', async () => {
    const user = userEvent.setup();
    const fake = renderSettings();
    const payment = await within(await screen.findByRole('region', { name: 'Patient links' })).findByRole(
      'spinbutton',
      { name: /Payment links work for \(days\)/ },
    );
    expect(payment).toHaveValue('7');
    expect(within(panel()).getByRole('spinbutton', { name: /Enrollment links/ })).toHaveValue('7');
    expect(within(panel()).getByRole('spinbutton', { name: /Card request links/ })).toHaveValue('7');

    await user.clear(payment);
    await user.type(payment, '45');
    await user.click(within(panel()).getByRole('button', { name: 'Save link settings' }));
    expect(await within(panel()).findByText('Payment links must be at most 30 days.')).toBeInTheDocument();
    expect(fake.callsTo('/api/settings/linkExpiry').filter((c) => c.body)).toHaveLength(0);

    await user.clear(payment);
    await user.type(payment, '14');
    await user.click(within(panel()).getByRole('button', { name: 'Save link settings' }));
    await waitFor(() =>
      expect(fake.callsTo('/api/settings/linkExpiry').filter((c) => c.body)).toMatchObject([
        { body: { paymentLinkDays: 14, enrollmentLinkDays: 7, cardRequestLinkDays: 7 } },
      ]),
    );
    expect(fake.banners).toContainEqual(expect.objectContaining({ intent: 'success', title: 'Saved' }));
  });
});

describe('Settings: patient messages', () => {
  const panel = () => screen.getByRole('region', { name: 'Patient messages' });

  it('previews the template as it is typed, names an unknown placeholder, and saves the kind', async () => {
    const user = userEvent.setup();
    const fake = renderSettings();
    const text = await within(await screen.findByRole('region', { name: 'Patient messages' })).findByRole(
      'textbox',
      { name: 'Text message' },
    );
    const preview = within(panel()).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByTestId('text-preview')).toHaveTextContent(
      'Bright Smiles Dental: Hi Maria, you have a payment request for $125.50. Pay securely here: http',
    );

    await user.clear(text);
    await user.click(text);
    await user.paste('Hi {lastName}: {link}');
    expect(within(panel()).getByText('The text has an unknown placeholder: {lastName}.')).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: 'Save payment request' }));
    expect(fake.callsTo('/api/settings/messageTemplates').filter((c) => c.body)).toHaveLength(0);

    await user.clear(text);
    await user.paste('{firstName}, {practiceName} asks {amount}: {link}');
    expect(within(preview).getByTestId('text-preview')).toHaveTextContent(
      'Maria, Bright Smiles Dental asks $125.50: http',
    );
    await user.click(within(panel()).getByRole('button', { name: 'Save payment request' }));
    await waitFor(() =>
      expect(fake.callsTo('/api/settings/messageTemplates').filter((c) => c.body)).toMatchObject([
        {
          body: {
            kind: 'PAYMENT_REQUEST',
            text: '{firstName}, {practiceName} asks {amount}: {link}',
            emailSubject: DEFAULT_TEMPLATES.PAYMENT_REQUEST.emailSubject,
          },
        },
      ]),
    );
    expect(fake.banners).toContainEqual(expect.objectContaining({ intent: 'success', title: 'Saved' }));
  });

  it('has no text for a receipt, only its e-mail', async () => {
    const user = userEvent.setup();
    renderSettings();
    const receipt = await within(await screen.findByRole('region', { name: 'Patient messages' })).findByRole(
      'tab',
      {
        name: 'Receipt',
      },
    );
    await user.click(receipt);
    expect(within(panel()).queryByRole('textbox', { name: 'Text message' })).toBeNull();
    expect(within(panel()).getByRole('textbox', { name: 'E-mail subject' })).toHaveValue(
      'Your payment receipt from {practiceName}',
    );
  });
});

describe('Settings: automatic reminders', () => {
  const panel = () => screen.getByRole('region', { name: 'Automatic reminders' });

  it('is off until set; checks the days and quiet hours as typed, and saves them', async () => {
    const user = userEvent.setup();
    const fake = renderSettings();
    expect(
      await within(await screen.findByRole('region', { name: 'Automatic reminders' })).findByText(
        'Automatic reminders are off.',
      ),
    ).toBeInTheDocument();
    const days = within(panel()).getByRole('textbox', { name: /Remind on these days/ });
    const saves = () => fake.callsTo('/api/settings/reminders').filter((c) => c.body);

    await user.type(days, '5, 2');
    await user.click(within(panel()).getByRole('button', { name: 'Save reminders' }));
    expect(await within(panel()).findByText('List the days in ascending order.')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '2, two');
    expect(
      within(panel()).getByText('Give whole numbers of days, separated by commas: 2, 5, 10.'),
    ).toBeInTheDocument();
    expect(saves()).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '2, 5');
    await user.click(within(panel()).getByRole('switch', { name: /Quiet hours/ }));
    const quiet = within(panel()).getByRole('group', { name: 'Quiet hours' });
    expect(within(quiet).getByText(/Times in America\/Chicago/)).toBeInTheDocument();
    const until = within(quiet).getByLabelText('Until');
    await user.clear(until);
    await user.type(until, '21:00');
    await user.click(within(panel()).getByRole('button', { name: 'Save reminders' }));
    expect(
      await within(panel()).findByText('Quiet hours must end at another time than they start.'),
    ).toBeInTheDocument();
    expect(saves()).toHaveLength(0);

    await user.clear(until);
    await user.type(until, '07:30');
    await user.click(within(panel()).getByRole('button', { name: 'Save reminders' }));
    await waitFor(() =>
      expect(saves()).toMatchObject([
        { body: { days: [2, 5], quietHours: { start: '21:00', end: '07:30' } } },
      ]),
    );
    expect(fake.banners).toContainEqual(expect.objectContaining({ intent: 'success', title: 'Saved' }));
    expect(
      await within(panel()).findByText(
        'An unpaid request’s patient is reminded 2 and 5 days after its link was sent, never from 9:00 PM to 7:30 AM.',
      ),
    ).toBeInTheDocument();
  });
});
