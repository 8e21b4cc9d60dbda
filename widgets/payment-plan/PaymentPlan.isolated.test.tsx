/**
 * The payment plan's detail modal as a person uses it, against a fake SDK: the title and pills, the
 * past-due and cash alerts with their actions, the panels, the progress, which tabs show, the
 * Payment Plan Payment dialog (types, check number, the debounced surcharge with no spinner,
 * adjustments, a declined card), Cancel Plan after a confirmation, and what a viewer sees. The
 * Payment History and Schedule tabs are their own components (tested beside them): here they are
 * stand-ins that show what they were given.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import '../ui/testing/domMatchers.js';
import { refused, type FakeCall } from '../ui/testing/fakeSdk.js';
import { installFakeCardProvider } from '../ui/testing/fakeCardProvider.js';
import { paymentPlanAttributes } from './element.js';
import { cardPickerPart } from '../ui/LazyCardPicker.js';
import { paymentDialogPart } from './LazyDialogs.js';
import { planDetailsPart } from './LazyPlanDetails.js';
import { DECLINING_CARD_ID, fakePlanServer } from '../ui/testing/fakePlanServer.js';
import { card, cardPlan, ledgerRow, plan, PLAN_ID } from '../ui/testing/planFixtures.js';
import { fakeSdkFor, renderPaymentPlan } from './testing/renderWidget.js';

vi.mock('./ledger/LedgerTab.js', () => ({
  LedgerTab: (props: { plan: PaymentPlan; onChanged: () => void }) => (
    <div>
      Ledger of plan {props.plan.id}
      <button type="button" onClick={props.onChanged}>
        Ledger changed
      </button>
    </div>
  ),
}));
vi.mock('./schedule/ScheduleTab.js', () => ({
  ScheduleTab: (props: { plan: PaymentPlan; onChanged: () => void; onMakePayment?: () => void }) => (
    <div>
      Schedule of plan {props.plan.id}
      {props.onMakePayment && (
        <button type="button" onClick={props.onMakePayment}>
          Pay from the schedule
        </button>
      )}
    </div>
  ),
}));

const VISA = card({ id: 7, isDefault: true });
const DEBIT = card({ id: 8, description: '•••• 5556', funding: 'DEBIT' });
const DECLINING = card({ id: DECLINING_CARD_ID, description: '•••• 0002' });

function setUp(
  initial: PaymentPlan,
  cards: SavedCard[] = [VISA, DEBIT],
  roles?: Parameters<typeof fakeSdkFor>[1],
) {
  const server = fakePlanServer(initial, cards);
  const fake = fakeSdkFor(server.handlers, roles);
  const onChanged = vi.fn();
  renderPaymentPlan(fake, { onChanged });
  return { server, fake, onChanged };
}

/** The modal, once its body (loaded on demand) shows the plan. */
async function openModal() {
  const dialog = await screen.findByRole('dialog', { name: 'Payment Plan for Maria Garcia' });
  await within(dialog).findByText(/^Plan ID: /);
  return dialog;
}
/** The modal is in use again once the dialog on top of it has closed (no longer aria-hidden). */
const backInModal = (dialog: HTMLElement) =>
  waitFor(() => expect(dialog.getAttribute('aria-hidden')).toBeNull());
const region = (within_: HTMLElement, name: string) => within(within_).getByRole('region', { name });

/**
 * Dialogs opened from the modal, found by their title. In jsdom, Fluent's focus manager marks a
 * dialog opened on top of another aria-hidden (a real browser test uses them by role and name), and
 * an aria-hidden element has no accessible name there; the controls inside keep theirs.
 */
const HIDDEN = { hidden: true } as const;
function nestedDialog(name: string, role: 'dialog' | 'alertdialog' = 'dialog') {
  return waitFor(() => {
    const found = screen
      .getAllByRole(role, HIDDEN)
      .find((d) => (d.getAttribute('aria-label') ?? d.querySelector('h2')?.textContent) === name);
    expect(found, `the dialog "${name}"`).toBeDefined();
    return found!;
  });
}
const paymentDialog = () => nestedDialog('Payment Plan Payment');

/**
 * Fake timeouts for the 300 ms debounce. Testing Library waits on timeouts too (its async helpers
 * and findBy*): it moves fake ones along when it sees Jest's clock, so it is shown the same one.
 */
function useFakeDebounceTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  (globalThis as { jest?: unknown }).jest = {
    advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
  };
}

// The modal's body and its dialogs load on demand; loaded once here, each test sees them at once.
beforeAll(async () => {
  await Promise.all([planDetailsPart.load(), paymentDialogPart.load(), cardPickerPart.load()]);
});

afterEach(() => {
  delete (globalThis as { jest?: unknown }).jest;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the modal', () => {
  it('shows the title, the plan id, patient id and status pills, the panels and the progress', async () => {
    setUp(cardPlan({ balancePastDue: 0 }));
    const dialog = await openModal();
    expect(within(dialog).getByText('Plan ID: 42')).toBeInTheDocument();
    expect(within(dialog).getByText('Patient ID: 1001')).toBeInTheDocument();
    expect(within(dialog).getByText('Active')).toBeInTheDocument();
    expect(region(dialog, 'Plan Total')).toHaveTextContent('$750.00');
    const received = region(dialog, 'Payments Received');
    expect(received).toHaveTextContent('$350.00');
    expect(received).toHaveTextContent('Surcharge: $10.50');
    expect(received).toHaveTextContent('Card Processed: $360.50');
    const next = region(dialog, 'Upcoming Payment');
    expect(next).toHaveTextContent('$200.00');
    expect(next).toHaveTextContent('on 12/01/2026');
    expect(next).toHaveTextContent('Surcharge: $6.00');
    expect(next).toHaveTextContent('Total: $206.00');
    expect(region(dialog, 'Balance')).toHaveTextContent('$400.00');
    const onFile = region(dialog, 'Card on File');
    expect(within(onFile).getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(onFile).toHaveTextContent('•••• 1111');
    expect(onFile).toHaveTextContent('Expires 12/30');
    const progress = within(dialog).getByRole('progressbar');
    expect(progress).toHaveAttribute('aria-valuenow', '0.33');
    expect(dialog).toHaveTextContent('Cycle 1 of 3');
  });

  it.each([
    [{ currentCycle: 0, statusLabel: 'Starting on next billing date' }, 'Starting on next billing date'],
    [
      { status: 'INACTIVE', statusLabel: 'Canceled', cancelledDate: '2026-11-05T15:00:00' },
      'Canceled 11/05/2026',
    ],
    [
      {
        status: 'COMPLETE',
        statusLabel: 'Completed',
        completedDate: '2026-12-01T05:00:00',
        nextBillingDate: null,
        balanceDue: 0,
      },
      'Completed 12/01/2026',
    ],
  ] as const)('reads the status of %o as "%s"', async (over, text) => {
    setUp(plan(over));
    const dialog = await openModal();
    expect(within(dialog).getByText(text)).toBeInTheDocument();
  });

  it("says 'Schedule Completed' when nothing is scheduled, and clamps the progress to 100", async () => {
    setUp(
      plan({
        status: 'COMPLETE',
        statusLabel: 'Completed',
        nextBillingDate: null,
        upcomingPayment: 0,
        balanceDue: 0,
        currentCycle: 3,
        // Not what the server sends, but the bar must hold whatever comes.
        progressPercent: 140,
      }),
    );
    const dialog = await openModal();
    expect(region(dialog, 'Upcoming Payment')).toHaveTextContent('Schedule Completed');
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
  });

  it('shows a plan that could not load, and tries again', async () => {
    const server = fakePlanServer(plan());
    let fail = true;
    const fake = fakeSdkFor({
      ...server.handlers,
      '/api/paymentPlan/': (call) => {
        if (fail)
          return {
            isSuccess: false,
            value: null,
            errors: ['The payment plan was not found.'],
            showMessage: true,
          };
        return server.handlers['/api/paymentPlan/']!(call);
      },
    });
    const user = userEvent.setup();
    renderPaymentPlan(fake);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment plan could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await openModal()).toBeInTheDocument();
  });
});

describe('the past-due alert', () => {
  const pastDue = () => plan({ balancePastDue: 12_000, balanceDue: 52_000 });

  it('pauses notifications and sends the decline reminder', async () => {
    const { fake, onChanged } = setUp(pastDue());
    const user = userEvent.setup();
    const dialog = await openModal();
    const alert = within(dialog).getByRole('group', { name: 'Past Due' });
    expect(alert).toHaveTextContent('This payment plan has a past-due balance of $120.00.');
    const pause = await within(alert).findByRole('checkbox', { name: 'Pause Notifications' });
    expect(pause).not.toBeChecked();
    await user.click(pause);
    await waitFor(() => expect(pause).toBeChecked());
    expect(fake.callsTo('/api/paymentplan/set-past-due-notification-status')[0]!.body).toEqual({
      paymentPlanId: PLAN_ID,
      isNotifyingForPastDuePayments: false,
    });
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ isNotifyingForPastDuePayments: false }));
    await user.click(within(alert).getByRole('button', { name: 'Send Reminder' }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'success',
        message: 'The decline reminder has been sent to the patient',
      }),
    );
    expect(fake.callsTo('/api/paymentPlan/sendDeclineReminder')[0]!.body).toEqual({ paymentPlanId: PLAN_ID });
  });

  it('opens Make a Payment with the past-due amount', async () => {
    setUp(pastDue());
    const user = userEvent.setup();
    const dialog = await openModal();
    const alert = within(dialog).getByRole('group', { name: 'Past Due' });
    await user.click(await within(alert).findByRole('button', { name: 'Make a Payment' }));
    const payment = await paymentDialog();
    expect(within(payment).getByRole('textbox', { ...HIDDEN, name: /Amount/ })).toHaveValue('120.00');
    expect(within(payment).getByRole('radio', { ...HIDDEN, name: 'Cash' })).toBeChecked();
  });

  it('is not shown for a canceled plan', async () => {
    setUp(plan({ balancePastDue: 12_000, status: 'INACTIVE', statusLabel: 'Canceled' }));
    const dialog = await openModal();
    expect(within(dialog).queryByRole('group', { name: 'Past Due' })).not.toBeInTheDocument();
  });
});

describe('Retry Declined Payments', () => {
  /** The card plan with its cycle 2 ($200.00) declined: past due, and a declined item on the ledger. */
  const declinedPlan = (over: Partial<PaymentPlan> = {}) => {
    const base = cardPlan();
    return cardPlan({
      currentCycle: 2,
      balancePastDue: 20_000,
      paymentPlanDetails: base.paymentPlanDetails.map((d) =>
        d.id === 3 ? { ...d, processedToLedger: true, disposition: 'DECLINED' } : d,
      ),
      ledgerDtos: [
        ...base.ledgerDtos,
        ledgerRow({
          id: 3,
          description: 'Cycle 2 of 3',
          fundingSource: 'CARD',
          amount: 20_600,
          orderAmount: 20_000,
          surcharge: 600,
          status: 'DECLINED',
          reason: 'Card declined',
          paymentPlanDetailId: 3,
        }),
      ],
      ...over,
    });
  };
  const RETRY = 'Retry Declined Payments';
  const pastDueAlert = (dialog: HTMLElement) => within(dialog).getByRole('group', { name: 'Past Due' });

  it('shows beside Make a Payment and Send Reminder for a card plan with a past due', async () => {
    setUp(declinedPlan());
    const dialog = await openModal();
    const alert = pastDueAlert(dialog);
    expect(alert).toHaveTextContent('This payment plan has a past-due balance of $200.00.');
    await within(alert).findByRole('button', { name: RETRY });
    expect(
      within(alert)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Make a Payment', 'Send Reminder', RETRY]);
  });

  it.each([
    ['a cash plan', () => plan({ balancePastDue: 12_000, balanceDue: 52_000 }), 'Send Reminder'],
    ['a card plan with nothing past due', () => cardPlan(), 'Change Card'],
  ])('is not offered for %s', async (_what, initial, shown) => {
    setUp(initial());
    const dialog = await openModal();
    await within(dialog).findByRole('button', { name: shown });
    expect(within(dialog).queryByRole('button', { name: RETRY })).not.toBeInTheDocument();
  });

  it('is not offered to a viewer, and is to an administrator without the role', async () => {
    const { fake } = setUp(declinedPlan(), [VISA], ['VIEWPAYMENTPLANS']);
    const dialog = await openModal();
    await waitFor(() => expect(fake.callsTo('/api/company/current')).toHaveLength(1));
    await waitFor(() => expect(fake.sdk.auth.getProfile).toHaveBeenCalled());
    await act(async () => {});
    expect(pastDueAlert(dialog)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: RETRY })).not.toBeInTheDocument();
    cleanup();

    const server = fakePlanServer(declinedPlan());
    const admin = fakeSdkFor(server.handlers, []);
    admin.sdk.auth.getProfile = async () => ({
      sub: '9',
      name: 'Ada',
      email: null,
      isAdmin: true,
      practices: [],
    });
    renderPaymentPlan(admin);
    expect(await within(await openModal()).findByRole('button', { name: RETRY })).toBeInTheDocument();
  });

  it('charges the declined cycles with one idempotency key per click, and says when all were approved', async () => {
    const { fake, onChanged } = setUp(declinedPlan());
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(await within(pastDueAlert(dialog)).findByRole('button', { name: RETRY }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'success',
        message: 'Your declined transactions have been processed.',
      }),
    );
    const [call] = fake.callsTo('/api/paymentPlan/processDeclines') as (FakeCall & {
      idempotencyKey?: string;
    })[];
    expect(call!.query).toEqual({ paymentPlanId: PLAN_ID });
    expect(call!.body).toBeUndefined();
    expect(call!.noBanner).toBe(true);
    expect(call!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The plan as it is now: nothing past due, the cycle paid.
    await waitFor(() =>
      expect(within(dialog).queryByRole('group', { name: 'Past Due' })).not.toBeInTheDocument(),
    );
    expect(region(dialog, 'Balance')).toHaveTextContent('$200.00');
    expect(region(dialog, 'Balance')).not.toHaveTextContent('Past due');
    expect(region(dialog, 'Payments Received')).toHaveTextContent('$550.00');
    expect(onChanged).toHaveBeenCalledWith(
      expect.objectContaining({ balancePastDue: 0, balanceDue: 20_000 }),
    );
    expect(fake.banners.filter((b) => b.intent === 'danger')).toEqual([]);
  });

  it('shows why the card declined again, keeps the alert, and uses a new key for the next click', async () => {
    const { fake, onChanged } = setUp(declinedPlan({ customerSavedCardId: DECLINING_CARD_ID }));
    const user = userEvent.setup();
    const dialog = await openModal();
    const retry = await within(pastDueAlert(dialog)).findByRole('button', { name: RETRY });
    const reads = fake.callsTo('/api/paymentPlan/').length;
    await user.click(retry);
    const declined = await within(dialog).findByRole('group', { name: 'Transaction Declined' });
    expect(declined).toHaveTextContent('Insufficient funds');
    // The plan was read again: the attempt is on its ledger.
    expect(fake.callsTo('/api/paymentPlan/').length).toBeGreaterThan(reads);
    expect(onChanged).toHaveBeenCalledWith(
      expect.objectContaining({
        ledgerDtos: expect.arrayContaining([
          expect.objectContaining({ status: 'DECLINED', reason: 'Insufficient funds' }),
        ]),
      }),
    );
    expect(pastDueAlert(dialog)).toHaveTextContent('$200.00');
    expect(fake.banners).toEqual([]);

    await waitFor(() => expect(retry).not.toBeDisabled());
    await user.click(retry);
    await waitFor(() => expect(fake.callsTo('/api/paymentPlan/processDeclines')).toHaveLength(2));
    const keys = fake
      .callsTo('/api/paymentPlan/processDeclines')
      .map((c) => (c as { idempotencyKey?: string }).idempotencyKey);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it.each([
    ['refused', () => refused('There was an error processing your declines.')],
    [
      'not answered',
      () => {
        throw new Error('offline');
      },
    ],
  ])('says the spec’s error when it was %s', async (_how, answer) => {
    const server = fakePlanServer(declinedPlan(), [VISA]);
    const fake = fakeSdkFor({ ...server.handlers, '/api/paymentPlan/processDeclines': answer });
    const user = userEvent.setup();
    renderPaymentPlan(fake);
    const dialog = await openModal();
    await user.click(await within(pastDueAlert(dialog)).findByRole('button', { name: RETRY }));
    await waitFor(() =>
      expect(fake.banners).toEqual([
        { intent: 'danger', message: 'There was an error processing your declines.' },
      ]),
    );
    expect(within(dialog).queryByRole('group', { name: 'Transaction Declined' })).not.toBeInTheDocument();
    expect(pastDueAlert(dialog)).toBeInTheDocument();
  });

  it('is disabled while its charge runs and while a charge of the plan is under way', async () => {
    const server = fakePlanServer(declinedPlan(), [VISA]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fake = fakeSdkFor({
      ...server.handlers,
      '/api/paymentPlan/processDeclines': async (call) => {
        await held;
        return server.handlers['/api/paymentPlan/processDeclines']!(call);
      },
    });
    const user = userEvent.setup();
    renderPaymentPlan(fake);
    const dialog = await openModal();
    const retry = await within(pastDueAlert(dialog)).findByRole('button', { name: RETRY });
    await user.click(retry);
    await waitFor(() => expect(retry).toBeDisabled());
    await user.click(retry);
    expect(fake.callsTo('/api/paymentPlan/processDeclines')).toHaveLength(1);
    release();
    await waitFor(() =>
      expect(fake.banners).toContainEqual(
        expect.objectContaining({ message: 'Your declined transactions have been processed.' }),
      ),
    );
    expect(fake.callsTo('/api/paymentPlan/processDeclines')).toHaveLength(1);
    cleanup();

    setUp(declinedPlan({ chargeInProgress: true }));
    const busy = await openModal();
    expect(await within(pastDueAlert(busy)).findByRole('button', { name: RETRY })).toBeDisabled();
  });
});

describe('the card on file', () => {
  it('automates a cash plan with a card chosen from the patient’s cards', async () => {
    const { fake, onChanged } = setUp(plan());
    const user = userEvent.setup();
    const dialog = await openModal();
    const cash = within(dialog).getByRole('group', { name: 'Cash or check plan' });
    expect(region(dialog, 'Card on File')).toHaveTextContent('Paid with cash or check');
    await user.click(await within(cash).findByRole('button', { name: 'Automate with Card' }));
    const picker = await nestedDialog('Automate with Card');
    const cards = await within(picker).findByRole('radiogroup', { ...HIDDEN, name: 'Cards on file' });
    expect(within(cards).getByRole('radio', { ...HIDDEN, name: /1111/ })).toBeChecked();
    await user.click(within(cards).getByRole('radio', { ...HIDDEN, name: /5556/ }));
    await user.click(within(picker).getByRole('button', { ...HIDDEN, name: 'Automate with Card' }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'success',
        message: 'The card has been attached to the payment plan and will now process automatically.',
      }),
    );
    expect(fake.callsTo('/api/paymentplan/switch-to-card')[0]!.body).toEqual({
      paymentPlanId: PLAN_ID,
      customerSavedCardId: DEBIT.id,
    });
    await backInModal(dialog);
    await waitFor(() => expect(region(dialog, 'Card on File')).toHaveTextContent('•••• 5556'));
    expect(within(dialog).queryByRole('group', { name: 'Cash or check plan' })).not.toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ isCash: false }));
  });

  it('changes the card of a card plan (Card Attached)', async () => {
    const { fake } = setUp(cardPlan());
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(
      await within(region(dialog, 'Card on File')).findByRole('button', { name: 'Change Card' }),
    );
    const picker = await nestedDialog('Change Card');
    const use = within(picker).getByRole('button', { ...HIDDEN, name: 'Use This Card' });
    // The plan's own card is marked, and choosing it again changes nothing.
    await within(picker).findByRole('radiogroup', { ...HIDDEN, name: 'Cards on file' });
    expect(within(picker).getByRole('radio', { ...HIDDEN, name: /1111.*Current card/ })).toBeChecked();
    expect(use).toBeDisabled();
    await user.click(within(picker).getByRole('radio', { ...HIDDEN, name: /5556/ }));
    await user.click(use);
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'success',
        message: 'Card Attached: The selected card will be used for this payment plan going forward.',
      }),
    );
    expect(fake.callsTo('/api/paymentPlan/setCustomerSavedCard')[0]!.body).toEqual({
      paymentPlanId: PLAN_ID,
      customerSavedCardId: DEBIT.id,
    });
  });

  it('goes straight to adding a card when the patient has none, through the provider’s frame', async () => {
    const provider = installFakeCardProvider();
    try {
      const { fake } = setUp(plan(), []);
      const user = userEvent.setup();
      const dialog = await openModal();
      await user.click(await within(dialog).findByRole('button', { name: 'Automate with Card' }));
      const picker = await nestedDialog('Add New Card');
      expect(picker).toHaveTextContent(
        "This patient doesn't currently have any stored cards. Please add a card below.",
      );
      const add = within(picker).getByRole('button', { ...HIDDEN, name: 'Add Card' });
      await waitFor(() => expect(add).not.toBeDisabled());
      expect(provider.frames[0]!.mounted?.options?.iFrame?.height).toBe(155);
      await user.click(add);
      // Back to the list with the new card chosen; the person confirms it for the plan.
      const automate = await nestedDialog('Automate with Card');
      expect(await within(automate).findByRole('radio', { ...HIDDEN, name: /4444/ })).toBeChecked();
      expect(fake.callsTo('/api/customerSavedCard/tokenize')[0]!.body).toEqual({
        nonce: 'nonce-1',
        customerId: 11,
        isDefault: true,
      });
      await user.click(within(automate).getByRole('button', { ...HIDDEN, name: 'Automate with Card' }));
      await waitFor(() => expect(fake.callsTo('/api/paymentplan/switch-to-card')).toHaveLength(1));
    } finally {
      provider.uninstall();
    }
  });
});

describe('Cancel Plan', () => {
  it('cancels only after the confirmation, and the plan loses its Schedule tab', async () => {
    const { fake } = setUp(plan());
    const user = userEvent.setup();
    const dialog = await openModal();
    expect(within(dialog).getByRole('tab', { name: 'Schedule' })).toBeInTheDocument();
    await user.click(
      await within(region(dialog, 'Plan Total')).findByRole('button', { name: 'Cancel Plan' }),
    );
    const confirm = await nestedDialog('Cancel Plan', 'alertdialog');
    expect(confirm).toHaveTextContent('Canceled payment plans cannot be re-activated');
    expect(fake.callsTo('/api/paymentPlan/cancel')).toHaveLength(0);
    // It cannot be undone: the danger colour.
    expect(within(confirm).getByRole('button', { name: 'Cancel Plan', hidden: true })).toHaveAttribute(
      'data-intent',
      'danger',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Plan', hidden: true }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'success',
        message: 'This payment plan has been canceled, and will no longer process transactions.',
      }),
    );
    expect(fake.callsTo('/api/paymentPlan/cancel')[0]!.body).toEqual({ paymentPlanId: PLAN_ID });
    expect(await within(dialog).findByText('Canceled 11/05/2026')).toBeInTheDocument();
    await backInModal(dialog);
    expect(within(dialog).getByRole('tab', { name: 'Payment History' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'Schedule' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Make a Payment' })).not.toBeInTheDocument();
    expect(region(dialog, 'Upcoming Payment')).toHaveTextContent('No payments are scheduled');
  });

  it('keeps the plan when the person keeps it', async () => {
    const { fake } = setUp(plan());
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel Plan' }));
    const confirm = await nestedDialog('Cancel Plan', 'alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Keep Plan', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument());
    expect(fake.callsTo('/api/paymentPlan/cancel')).toHaveLength(0);
  });

  it('re-activates a canceled plan after one of its payments was voided', async () => {
    const { fake } = setUp(
      plan({
        status: 'INACTIVE',
        statusLabel: 'Canceled',
        cancelledDate: '2026-11-05T15:00:00',
        ledgerDtos: [ledgerRow({ id: 1, refundVoidType: 'VOIDED' })],
      }),
    );
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Re-activate Plan' }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'success',
        message: 'This payment plan has been activated.',
      }),
    );
    expect(fake.callsTo('/api/PaymentPlan/setActive')[0]!.body).toEqual({
      paymentPlanId: PLAN_ID,
      active: true,
    });
  });
});

describe('the tabs', () => {
  it('shows Payment History, Schedule and Authorization for an active, signed plan', async () => {
    setUp(plan());
    const user = userEvent.setup();
    const dialog = await openModal();
    const tabs = within(dialog).getByRole('tablist', { name: 'Payment plan details' });
    expect(within(tabs).getAllByRole('tab')).toEqual(
      ['Payment History', 'Schedule', 'Authorization'].map((name) => within(tabs).getByRole('tab', { name })),
    );
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Ledger of plan 42');
    await user.click(within(tabs).getByRole('tab', { name: 'Authorization' }));
    const record = within(dialog).getByRole('tabpanel');
    expect(record).toHaveTextContent('MethodSignature');
    expect(record).toHaveTextContent('IP Address203.0.113.24');
    expect(record).toHaveTextContent('SignatureMaria Garcia');
    expect(record).toHaveTextContent('I agree to pay 3 monthly payments as scheduled.');
    expect(record).toHaveTextContent('Approved10/01/2026');
    await user.click(within(tabs).getByRole('tab', { name: 'Schedule' }));
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Schedule of plan 42');
    // The schedule's Make a Payment opens the same dialog.
    await user.click(await within(dialog).findByRole('button', { name: 'Pay from the schedule' }));
    expect(await paymentDialog()).toBeInTheDocument();
  });

  it('shows a drawn signature as its picture', async () => {
    const drawn =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    setUp(plan({ signature: drawn }));
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('tab', { name: 'Authorization' }));
    expect(within(dialog).getByRole('img', { name: 'Signature of Maria Garcia' })).toHaveAttribute(
      'src',
      drawn,
    );
  });

  it('has no Schedule for a completed plan and no Authorization without an approval method', async () => {
    setUp(plan({ status: 'COMPLETE', statusLabel: 'Completed', approvedMethod: null }));
    const dialog = await openModal();
    expect(within(dialog).getAllByRole('tab')).toEqual([
      within(dialog).getByRole('tab', { name: 'Payment History' }),
    ]);
  });

  it('reads the plan again when a tab changes it', async () => {
    const { fake, server, onChanged } = setUp(plan());
    const user = userEvent.setup();
    const dialog = await openModal();
    server.state.plan = plan({ balanceDue: 30_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Ledger changed' }));
    await waitFor(() => expect(region(dialog, 'Balance')).toHaveTextContent('$300.00'));
    expect(fake.callsTo('/api/paymentPlan/').length).toBeGreaterThanOrEqual(2);
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ balanceDue: 30_000 }));
  });
});

describe('Payment Plan Payment', () => {
  it('takes a check with its number and shows the new balance', async () => {
    const { fake, onChanged } = setUp(plan());
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(
      await within(region(dialog, 'Balance')).findByRole('button', { name: 'Make a Payment' }),
    );
    const payment = await paymentDialog();
    const types = within(within(payment).getByRole('radiogroup', { ...HIDDEN, name: 'Transaction Type' }));
    expect(types.getAllByRole('radio', HIDDEN)).toEqual(
      ['Card on File', 'Cash', 'Check', 'Adjustment'].map((name) =>
        types.getByRole('radio', { ...HIDDEN, name }),
      ),
    );
    // The upcoming payment to start with; no check number but for checks.
    expect(within(payment).getByRole('textbox', { ...HIDDEN, name: /Amount/ })).toHaveValue('200.00');
    expect(
      within(payment).queryByRole('textbox', { ...HIDDEN, name: 'Check Number' }),
    ).not.toBeInTheDocument();
    await user.click(within(payment).getByRole('radio', { ...HIDDEN, name: 'Check' }));
    await user.type(within(payment).getByRole('textbox', { ...HIDDEN, name: 'Check Number' }), '1042');
    await user.type(within(payment).getByRole('textbox', { ...HIDDEN, name: 'Note' }), 'Mailed in');
    await user.click(within(payment).getByRole('button', { ...HIDDEN, name: 'Process Payment' }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'success',
        title: 'Approved',
        message: 'Your transaction was completed.',
      }),
    );
    const [call] = fake.callsTo('/api/PaymentPlan/processBalance');
    expect(call!.body).toEqual({
      paymentPlanId: PLAN_ID,
      paymentType: 'CHECK',
      amount: 20_000,
      checkNum: '1042',
      note: 'Mailed in',
    });
    expect((call as { idempotencyKey?: string }).idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(document.querySelector('[role="dialog"][aria-label="Payment Plan Payment"]')).toBeNull(),
    );
    await backInModal(dialog);
    await waitFor(() => expect(region(dialog, 'Balance')).toHaveTextContent('$200.00'));
    expect(region(dialog, 'Payments Received')).toHaveTextContent('$550.00');
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ balanceDue: 20_000 }));
  });

  it('checks the amount as money, and against the balance', async () => {
    const { fake } = setUp(plan());
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Make a Payment' }));
    const payment = await paymentDialog();
    const amount = within(payment).getByRole('textbox', { ...HIDDEN, name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(within(payment).getByRole('button', { ...HIDDEN, name: 'Process Payment' }));
    expect(await within(payment).findByText('The Amount is not a currency value.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '400.01');
    expect(
      await within(payment).findByText('The payment cannot be more than the balance of $400.00.'),
    ).toBeInTheDocument();
    expect(fake.callsTo('/api/PaymentPlan/processBalance')).toHaveLength(0);
  });

  it('grows the note from 3 to 6 rows', async () => {
    setUp(plan());
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Make a Payment' }));
    const note = within(await paymentDialog()).getByRole('textbox', { ...HIDDEN, name: 'Note' });
    expect(note).toHaveAttribute('rows', '3');
    fireEvent.change(note, { target: { value: '1\n2\n3\n4\n5' } });
    await waitFor(() => expect(note).toHaveAttribute('rows', '5'));
    fireEvent.change(note, { target: { value: '1\n2\n3\n4\n5\n6\n7\n8' } });
    await waitFor(() => expect(note).toHaveAttribute('rows', '6'));
  });

  it('looks the surcharge up 300 ms after the card and amount settle, without a spinner', async () => {
    useFakeDebounceTimers();
    const { fake, server } = setUp(cardPlan());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dialog = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Make a Payment' }));
    const payment = await paymentDialog();
    expect(within(payment).getByRole('radio', { ...HIDDEN, name: 'Card on File' })).toBeChecked();
    // The plan's card and the upcoming payment to start with: looked up at once.
    const lines = await within(payment).findByRole('status', { ...HIDDEN, name: 'Surcharge' });
    expect(lines).toHaveTextContent('Surcharge$6.00Total$206.00');
    expect(fake.callsTo('/api/surcharge')).toEqual([
      {
        path: '/api/surcharge',
        body: { customerSavedCardId: 7, amount: 20_000 },
        noProgress: true,
        noBanner: true,
      },
    ]);

    let release!: () => void;
    server.state.holdSurcharge = new Promise<void>((resolve) => (release = resolve));
    const amount = within(payment).getByRole('textbox', { ...HIDDEN, name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '100');
    // While the amount changes nothing is asked, and the old figures are gone.
    expect(within(payment).queryByRole('status', { ...HIDDEN, name: 'Surcharge' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(299));
    expect(fake.callsTo('/api/surcharge')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(fake.callsTo('/api/surcharge')).toHaveLength(2));
    expect(fake.callsTo('/api/surcharge')[1]!.body).toEqual({ customerSavedCardId: 7, amount: 10_000 });
    // Asked, not answered yet: no spinner, no figures.
    expect(within(payment).queryByRole('progressbar', HIDDEN)).not.toBeInTheDocument();
    expect(within(payment).queryByRole('status', { ...HIDDEN, name: 'Surcharge' })).not.toBeInTheDocument();
    release();
    expect(await within(payment).findByRole('status', { ...HIDDEN, name: 'Surcharge' })).toHaveTextContent(
      'Surcharge$3.00Total$103.00',
    );

    // Another card: a debit card carries none.
    server.state.holdSurcharge = null;
    await user.click(within(payment).getByRole('combobox', { ...HIDDEN, name: /Card/ }));
    await user.click(await screen.findByRole('option', { ...HIDDEN, name: /5556/ }));
    act(() => vi.advanceTimersByTime(300));
    await waitFor(() =>
      expect(within(payment).getByRole('status', { ...HIDDEN, name: 'Surcharge' })).toHaveTextContent(
        'Surcharge$0.00Total$100.00',
      ),
    );
  });

  it('shows a declined card in the dialog, and tries again with a new idempotency key', async () => {
    const { fake } = setUp(cardPlan(), [VISA, DECLINING]);
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Make a Payment' }));
    const payment = await paymentDialog();
    await user.click(within(payment).getByRole('combobox', { ...HIDDEN, name: /Card/ }));
    await user.click(await screen.findByRole('option', { ...HIDDEN, name: /0002/ }));
    await user.click(within(payment).getByRole('button', { ...HIDDEN, name: 'Process Payment' }));
    const declined = await within(payment).findByText('Transaction Declined');
    expect(declined.parentElement).toHaveTextContent('Insufficient funds');
    await user.click(within(payment).getByRole('combobox', { ...HIDDEN, name: /Card/ }));
    await user.click(await screen.findByRole('option', { ...HIDDEN, name: /1111/ }));
    await user.click(within(payment).getByRole('button', { ...HIDDEN, name: 'Process Payment' }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual(
        expect.objectContaining({ message: 'Your transaction was completed.' }),
      ),
    );
    const keys = fake
      .callsTo('/api/PaymentPlan/processBalance')
      .map((c) => (c as { idempotencyKey?: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('adds an adjustment: a CREDIT unless the person chooses to add the amount', async () => {
    const { fake } = setUp(plan());
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Make a Payment' }));
    const payment = await paymentDialog();
    await user.click(within(payment).getByRole('radio', { ...HIDDEN, name: 'Adjustment' }));
    expect(within(payment).queryByRole('textbox', { ...HIDDEN, name: /^Amount/ })).not.toBeInTheDocument();
    expect(
      within(payment).getByRole('radio', { ...HIDDEN, name: 'Remove the amount from the balance' }),
    ).toBeChecked();
    await user.click(within(payment).getByRole('button', { ...HIDDEN, name: 'Add Adjustment' }));
    expect(await within(payment).findByText('The Description is required.')).toBeInTheDocument();
    await user.type(
      within(payment).getByRole('textbox', { ...HIDDEN, name: /Description/ }),
      'Courtesy discount',
    );
    await user.type(within(payment).getByRole('textbox', { ...HIDDEN, name: /Adjustment Amount/ }), '50');
    await user.click(within(payment).getByRole('button', { ...HIDDEN, name: 'Add Adjustment' }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({ intent: 'success', message: 'Payment plan has been updated' }),
    );
    expect(fake.callsTo('/api/PaymentPlan/processBalance')[0]!.body).toEqual({
      paymentPlanId: PLAN_ID,
      paymentType: 'ADJ',
      amount: 5_000,
      description: 'Courtesy discount',
      type: 'CREDIT',
    });
    await backInModal(dialog);
    await waitFor(() => expect(region(dialog, 'Balance')).toHaveTextContent('$350.00'));
    expect(region(dialog, 'Plan Total')).toHaveTextContent('Adjustments: -$50.00');

    await user.click(within(region(dialog, 'Balance')).getByRole('button', { name: 'Make a Payment' }));
    const again = await paymentDialog();
    await user.click(within(again).getByRole('radio', { ...HIDDEN, name: 'Adjustment' }));
    await user.type(within(again).getByRole('textbox', { ...HIDDEN, name: /Description/ }), 'Late fee');
    await user.type(within(again).getByRole('textbox', { ...HIDDEN, name: /Adjustment Amount/ }), '10');
    await user.click(within(again).getByRole('radio', { ...HIDDEN, name: 'Add the amount to the balance' }));
    await user.click(within(again).getByRole('button', { ...HIDDEN, name: 'Add Adjustment' }));
    await waitFor(() => expect(fake.callsTo('/api/PaymentPlan/processBalance')).toHaveLength(2));
    expect(fake.callsTo('/api/PaymentPlan/processBalance')[1]!.body).toMatchObject({
      type: 'DEBIT',
      amount: 1_000,
    });
  });
});

describe('who may change the plan', () => {
  it('shows a viewer the plan, its alerts and tabs, and no actions', async () => {
    const { fake } = setUp(
      plan({ balancePastDue: 12_000, isNotifyingForPastDuePayments: false }),
      [VISA],
      ['VIEWPAYMENTPLANS'],
    );
    const dialog = await openModal();
    // Both answers that decide the roles have arrived (an editor's buttons would show by now).
    await waitFor(() => expect(fake.callsTo('/api/company/current')).toHaveLength(1));
    await waitFor(() => expect(fake.sdk.auth.getProfile).toHaveBeenCalled());
    await act(async () => {});
    expect(within(dialog).getByRole('group', { name: 'Past Due' })).toHaveTextContent(
      'Past-due notifications are paused.',
    );
    expect(within(dialog).getByRole('group', { name: 'Cash or check plan' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    for (const name of [
      'Make a Payment',
      'Send Reminder',
      'Automate with Card',
      'Cancel Plan',
      'Change Card',
      'Re-activate Plan',
    ]) {
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(dialog).getAllByRole('tab')).toHaveLength(3);
    // The schedule gets no Make a Payment either.
    await userEvent.setup().click(within(dialog).getByRole('tab', { name: 'Schedule' }));
    expect(within(dialog).queryByRole('button', { name: 'Pay from the schedule' })).not.toBeInTheDocument();
  });

  it('gives an administrator the actions whatever their roles', async () => {
    const server = fakePlanServer(plan());
    const fake = fakeSdkFor(server.handlers, []);
    fake.sdk.auth.getProfile = async () => ({
      sub: '9',
      name: 'Ada',
      email: null,
      isAdmin: true,
      practices: [],
    });
    renderPaymentPlan(fake);
    const dialog = await openModal();
    expect(await within(dialog).findByRole('button', { name: 'Cancel Plan' })).toBeInTheDocument();
  });
});

describe('closing and live refresh', () => {
  it('closes by itself when the caller does not control it, and tells a caller that does', async () => {
    const server = fakePlanServer(plan());
    const user = userEvent.setup();
    const view = renderPaymentPlan(fakeSdkFor(server.handlers));
    await user.click(within(await openModal()).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    view.unmount();

    const onClose = vi.fn();
    renderPaymentPlan(fakeSdkFor(server.handlers), { open: true, onClose });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('reads the plan again when one of its payments is processed', async () => {
    const { fake, server } = setUp(plan());
    const dialog = await openModal();
    const processed = (paymentPlanId: number) => ({
      transactionId: 9,
      referenceId: 'ref-9',
      refundVoidReferenceId: null,
      status: 'APPROVED' as const,
      source: 'PAYMENTPLAN' as const,
      amount: 20_000,
      customerId: 11,
      notificationId: null,
      paymentPlanId,
      customerMembershipBillingId: null,
      practiceManagementStatus: 2,
    });
    const reads = fake.callsTo('/api/paymentPlan/').length;
    act(() => fake.sdk.events.emit('transaction-processed', processed(7)));
    expect(fake.callsTo('/api/paymentPlan/')).toHaveLength(reads);
    server.state.plan = plan({ paidToDate: 55_000, balanceDue: 20_000 });
    act(() => fake.sdk.events.emit('transaction-processed', processed(PLAN_ID)));
    await waitFor(() => expect(region(dialog, 'Balance')).toHaveTextContent('$200.00'));
    expect(region(dialog, 'Payments Received')).toHaveTextContent('$550.00');
  });
});

describe('the element’s plan-id attribute', () => {
  it('takes a positive whole number and explains anything else', () => {
    expect(paymentPlanAttributes.safeParse({ 'plan-id': ' 42 ' })).toMatchObject({
      success: true,
      data: { planId: 42 },
    });
    for (const bad of ['0', '-3', '4.5', 'abc', '']) {
      const parsed = paymentPlanAttributes.safeParse({ 'plan-id': bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe(
        `must be a payment plan id, a positive whole number such as 12 (got "${bad}")`,
      );
    }
    expect(paymentPlanAttributes.safeParse({}).error!.issues[0]!.message).toBe(
      'is required: the payment plan’s id, such as 12',
    );
  });
});
