/**
 * The payment request's detail modal as a person uses it, against a fake SDK: the title and the
 * Patient ID pill, the panels, the actions and who gets them, the timeline, the Payment Activity
 * table, the spec's messages, and the live refresh when a payment of the request is processed.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../ui/testing/domMatchers.js';
import { createFakeSdk, refused } from '../ui/testing/fakeSdk.js';
import { fakeRequestServer } from './testing/fakeRequestServer.js';
import { payment, request, REQUEST_ID } from '../ui/testing/requestFixtures.js';
import { renderPaymentRequest } from './testing/renderWidget.js';

function setUp(...args: Parameters<typeof fakeRequestServer>) {
  const server = fakeRequestServer(...args);
  const fake = createFakeSdk(server.handlers);
  return { server, fake };
}

/** The modal once its body (loaded on demand) shows the request. */
async function openModal() {
  const dialog = await screen.findByRole('dialog', { name: 'Payment Request for Maria Garcia' });
  await within(dialog).findByRole('list', { name: 'Progress' });
  return dialog;
}

/**
 * The Cancel confirmation. Found by its title: jsdom lays nothing out, and Fluent's focus trap may
 * still mark the nested dialog aria-hidden (and so nameless) until focus moves into it.
 */
async function findConfirm() {
  const title = await screen.findByText('Cancel Payment Request');
  return title.closest<HTMLElement>('[role=alertdialog]')!;
}

afterEach(() => vi.restoreAllMocks());

describe('the detail modal', () => {
  it('shows the title, the Patient ID pill with the notification id on hover, and the panels', async () => {
    const { fake } = setUp(
      request({
        resent: '2026-11-04T12:00:00.000Z',
        notificationsResent: [
          { dateTime: '2026-11-04T12:00:00.000Z' },
          { dateTime: '2026-11-03T12:00:00.000Z' },
        ],
      }),
    );
    const user = userEvent.setup();
    renderPaymentRequest(fake);
    const dialog = await openModal();
    const pill = within(dialog).getByText('Patient ID: 1001');
    await user.hover(pill);
    expect(await screen.findByText(`Notification ID: ${REQUEST_ID}`)).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'E-mail' })).toHaveTextContent(
      'maria.garcia@example.com',
    );
    expect(within(dialog).getByRole('region', { name: 'Mobile Phone' })).toHaveTextContent('(512) 555-0142');
    const reminders = within(dialog).getByRole('list', { name: 'Reminder history' });
    expect(within(reminders).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getByRole('region', { name: 'Amount Requested' })).toHaveTextContent('$125.00');
    expect(fake.callsTo('/api/transaction/transactions')[0]!.body).toEqual({
      notificationId: REQUEST_ID,
      modules: ['TEXTTOPAY'],
      sort: 'Date:descending',
      page: 1,
    });
  });

  it('shows the timeline steps and hides the Payment Activity table when there is none', async () => {
    const { fake } = setUp(request({ paymentPage: '2026-11-03T08:00:00.000Z' }));
    renderPaymentRequest(fake);
    const dialog = await openModal();
    const steps = within(within(dialog).getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Sent tomaria\.garcia@example\.com and \(512\) 555-0142\d\d\/\d\d\/2026/),
      expect.stringMatching(/^Viewed11\/0[23]\/2026/),
      'PaidNot yet',
    ]);
    expect(within(dialog).queryByRole('table', { name: 'Payment Activity' })).not.toBeInTheDocument();
  });

  it('shows a paid request with its surcharge split, its payments newest first, and no actions', async () => {
    const { fake } = setUp(
      request({
        status: 'PAID',
        paid: '2026-11-03T10:00:00.000Z',
        orderAmount: 12_500,
        surchargeAmount: 375,
        total: 12_875,
      }),
      [
        payment({
          id: 1,
          status: 'DECLINED',
          reason: 'Insufficient funds',
          created: '2026-11-03T09:00:00.000Z',
        }),
        payment({ id: 2, status: 'APPROVED', amount: 12_875, created: '2026-11-03T10:00:00.000Z' }),
      ],
    );
    renderPaymentRequest(fake);
    const dialog = await openModal();
    const paid = within(dialog).getByRole('region', { name: 'Amount Paid' });
    expect(paid).toHaveTextContent('$125.00');
    expect(paid).toHaveTextContent('Surcharge: $3.75');
    expect(paid).toHaveTextContent('Card Processed: $128.75');
    const table = await within(dialog).findByRole('table', { name: 'Payment Activity' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Approved'),
      expect.stringContaining('Declined: Insufficient funds'),
    ]);
    for (const name of ['Send Reminder', 'Copy Link', 'Cancel']) {
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('has no actions for a user without EDITPAYMENTREQUESTS', async () => {
    const { fake } = setUp(request({ link: null }));
    fake.sdk.auth.getProfile = async () => ({
      sub: '2',
      name: 'Viewer',
      email: null,
      isAdmin: false,
      practices: [{ id: 1, roles: ['VIEWPAYMENTREQUESTS'] }],
    });
    renderPaymentRequest(fake);
    const dialog = await openModal();
    await waitFor(() => expect(fake.callsTo('/api/company/current')).toHaveLength(1));
    expect(within(dialog).queryByRole('button', { name: 'Send Reminder' })).not.toBeInTheDocument();
  });
});

describe('the actions', () => {
  it('sends a reminder and shows it in the history', async () => {
    const { fake } = setUp(request());
    const user = userEvent.setup();
    renderPaymentRequest(fake);
    const dialog = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Send Reminder' }));
    await waitFor(() => expect(fake.banners).toContainEqual({ intent: 'success', message: 'Reminder Sent' }));
    expect(fake.callsTo('/api/notification/remind')[0]!.body).toEqual({ ids: [REQUEST_ID] });
    expect(within(dialog).getByRole('list', { name: 'Reminder history' })).toBeInTheDocument();
  });

  it('copies the link, and says why when it cannot', async () => {
    const { fake } = setUp(request());
    const user = userEvent.setup();
    renderPaymentRequest(fake);
    const dialog = await openModal();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    writeText.mockResolvedValueOnce(undefined);
    await user.click(await within(dialog).findByRole('button', { name: 'Copy Link' }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({ intent: 'success', message: 'Copied to clipboard' }),
    );
    expect(writeText).toHaveBeenCalledWith('http://localhost/#/p/token-abc');
    writeText.mockRejectedValueOnce(new Error('Document is not focused.'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'danger',
        title: 'Unable to copy to clipboard',
        message: 'Document is not focused.',
      }),
    );
  });

  it('cancels only after confirmation', async () => {
    const { fake } = setUp(request());
    const user = userEvent.setup();
    renderPaymentRequest(fake);
    const dialog = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    const confirm = await findConfirm();
    act(() => within(confirm).getAllByRole('button', { hidden: true })[0]!.focus());
    expect(fake.callsTo('/api/notification/remove')).toHaveLength(0);
    expect(within(confirm).getByRole('button', { name: 'Cancel Request', hidden: true })).toHaveAttribute(
      'data-intent',
      'danger',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Request', hidden: true }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({ intent: 'success', message: 'Payment Request Removed' }),
    );
    expect(fake.callsTo('/api/notification/remove')[0]!.body).toEqual({ ids: [REQUEST_ID] });
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Send Reminder' })).toBeNull());
  });
});

describe('the link', () => {
  it('says until when it works', async () => {
    const { fake } = setUp(request());
    renderPaymentRequest(fake);
    const dialog = await openModal();
    expect(within(dialog).getByRole('region', { name: 'Amount Requested' }).textContent).toMatch(
      /Link works until /,
    );
  });

  it('once expired: says so, offers no reminder and no copy, and Send New Link sends one at once', async () => {
    const { fake } = setUp(request({ linkExpired: true }));
    const user = userEvent.setup();
    renderPaymentRequest(fake);
    const dialog = await openModal();
    expect(within(dialog).getByText('Link expired', { exact: true })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send Reminder' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Copy Link' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send New Link' }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'success',
        title: 'New Link Sent',
        message: 'The patient has been sent a new link to pay. The link sent before no longer works.',
      }),
    );
    expect(fake.callsTo('/api/notification/sendNewLink')[0]!.body).toEqual({ id: REQUEST_ID });
    await waitFor(() => expect(within(dialog).queryByText('Link expired', { exact: true })).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'Send Reminder' })).toBeInTheDocument();
  });

  it('while it works, Send New Link asks first, since the patient’s link stops working', async () => {
    const { fake } = setUp(request());
    const user = userEvent.setup();
    renderPaymentRequest(fake);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Send New Link' }));
    const title = await screen.findByText(/^Send the patient a new link to pay\?/);
    const confirm = title.closest<HTMLElement>('[role=alertdialog]')!;
    expect(fake.callsTo('/api/notification/sendNewLink')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Send New Link', hidden: true }));
    await waitFor(() => expect(fake.callsTo('/api/notification/sendNewLink')).toHaveLength(1));
  });
});

describe('a request that could not be loaded', () => {
  it('says so, with Try again, which loads it', async () => {
    const server = fakeRequestServer(request());
    const getRequest = server.handlers['/api/notification/getnotification']!;
    let fail = true;
    server.handlers['/api/notification/getnotification'] = (call) =>
      fail ? refused('The payment request was not found.') : getRequest(call);
    const fake = createFakeSdk(server.handlers);
    const user = userEvent.setup();
    renderPaymentRequest(fake);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment request could not be loaded.');
    expect(screen.getByRole('dialog', { name: 'Loading the payment request…' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await openModal()).toBeInTheDocument();
  });
});

describe('live refresh', () => {
  it('reads the request and its activity again when one of its payments is processed', async () => {
    const { fake, server } = setUp(request());
    renderPaymentRequest(fake);
    const dialog = await openModal();
    server.state.request = request({ status: 'PAID', paid: '2026-11-03T10:00:00.000Z', orderAmount: 12_500 });
    server.state.payments = [payment({ id: 9, status: 'APPROVED' })];
    act(() =>
      fake.sdk.events.emit('transaction-processed', {
        transactionId: 9,
        referenceId: 'ref-9',
        refundVoidReferenceId: null,
        status: 'APPROVED',
        source: 'TEXTTOPAY',
        amount: 12_500,
        customerId: 11,
        notificationId: REQUEST_ID,
        paymentPlanId: null,
        customerMembershipBillingId: null,
        practiceManagementStatus: 0,
      }),
    );
    expect(await within(dialog).findByRole('region', { name: 'Amount Paid' })).toHaveTextContent('$125.00');
    expect(await within(dialog).findByRole('table', { name: 'Payment Activity' })).toBeInTheDocument();
  });
});

describe('the banners', () => {
  it('shows the element’s own messages inside its modal, which covers the element', async () => {
    const { fake } = setUp(request());
    const user = userEvent.setup();
    renderPaymentRequest(fake, {}, { asElement: true });
    const dialog = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Send Reminder' }));
    expect(await within(dialog).findByText('Reminder Sent')).toBeInTheDocument();
    expect(fake.banners).toContainEqual({
      intent: 'success',
      message: 'Reminder Sent',
      origin: 'chairside-payment-request-1',
    });
  });

  it('leaves them to the portal’s stack when the portal places the modal', async () => {
    const { fake } = setUp(request());
    const user = userEvent.setup();
    renderPaymentRequest(fake);
    const dialog = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Send Reminder' }));
    await waitFor(() => expect(fake.banners).toContainEqual({ intent: 'success', message: 'Reminder Sent' }));
    expect(within(dialog).queryByText('Reminder Sent')).not.toBeInTheDocument();
  });
});

describe('the element events', () => {
  it('reports a reminder, a cancellation and the close with the request', async () => {
    const { fake } = setUp(request({ notificationsResent: [{ dateTime: '2026-11-04T12:00:00.000Z' }] }));
    const user = userEvent.setup();
    const onPaymentRequestReminded = vi.fn();
    const onPaymentRequestCancelled = vi.fn();
    const onPaymentRequestClosed = vi.fn();
    renderPaymentRequest(fake, {
      onPaymentRequestReminded,
      onPaymentRequestCancelled,
      onPaymentRequestClosed,
    });
    const dialog = await openModal();

    await user.click(await within(dialog).findByRole('button', { name: 'Send Reminder' }));
    await waitFor(() =>
      expect(onPaymentRequestReminded).toHaveBeenCalledWith({
        notificationId: REQUEST_ID,
        customerId: 11,
        resent: '2026-11-05T09:30:00.000Z',
        reminders: 2,
      }),
    );

    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).not.toBeDisabled());
    await user.click(cancel);
    const confirm = await findConfirm();
    act(() => within(confirm).getAllByRole('button', { hidden: true })[0]!.focus());
    expect(onPaymentRequestCancelled).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Request', hidden: true }));
    await waitFor(() =>
      expect(onPaymentRequestCancelled).toHaveBeenCalledWith({
        notificationId: REQUEST_ID,
        customerId: 11,
        cancelled: '2026-11-05T09:31:00.000Z',
      }),
    );

    expect(onPaymentRequestClosed).not.toHaveBeenCalled();
    // (jsdom: the confirmation's focus trap may leave the modal aria-hidden; the buttons are there.)
    await user.click(within(dialog).getAllByRole('button', { name: 'Close', hidden: true })[0]!);
    expect(onPaymentRequestClosed).toHaveBeenCalledExactlyOnceWith({ notificationId: REQUEST_ID });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends no event when a reminder is refused', async () => {
    const server = fakeRequestServer(request());
    server.handlers['/api/notification/remind'] = () => refused('This payment request has been paid.');
    const fake = createFakeSdk(server.handlers);
    const user = userEvent.setup();
    const onPaymentRequestReminded = vi.fn();
    renderPaymentRequest(fake, { onPaymentRequestReminded });
    const dialog = await openModal();
    const remind = await within(dialog).findByRole('button', { name: 'Send Reminder' });
    await user.click(remind);
    await waitFor(() => expect(fake.callsTo('/api/notification/remind')).toHaveLength(1));
    await waitFor(() => expect(remind).not.toBeDisabled());
    expect(onPaymentRequestReminded).not.toHaveBeenCalled();
    expect(fake.banners).not.toContainEqual({ intent: 'success', message: 'Reminder Sent' });
  });
});

describe('the Viewed step, live', () => {
  it('reads the request again when its payment page is first opened, not for another request', async () => {
    const { fake, server } = setUp(request());
    renderPaymentRequest(fake);
    const dialog = await openModal();
    const viewed = () =>
      within(within(dialog).getByRole('list', { name: 'Progress' })).getAllByRole('listitem')[1]!;
    expect(viewed()).toHaveTextContent('ViewedNot yet');
    const reads = () => fake.callsTo('/api/notification/getnotification').length;
    const before = reads();

    act(() =>
      fake.sdk.events.emit('payment-request-viewed', {
        notificationId: '00000000-0000-4000-8000-000000000000',
        paymentPage: '2026-11-04T08:00:00.000Z',
      }),
    );
    expect(reads()).toBe(before);

    server.state.request = request({ paymentPage: '2026-11-04T08:00:00.000Z' });
    act(() =>
      fake.sdk.events.emit('payment-request-viewed', {
        notificationId: REQUEST_ID,
        paymentPage: '2026-11-04T08:00:00.000Z',
      }),
    );
    await waitFor(() => expect(viewed().textContent).toMatch(/^Viewed11\/0[34]\/2026/));
    expect(reads()).toBe(before + 1);
  });
});
