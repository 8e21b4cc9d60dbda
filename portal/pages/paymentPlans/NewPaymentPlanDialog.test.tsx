/**
 * The New Payment Plan dialog as staff use it, as the portal places it (with the stored cards'
 * selector for its card on file), against a fake SDK: the form's messages, the schedule previewed
 * by the server once the terms settle (with the surcharge columns for a credit card), card versus
 * cash and check, the signature a signed plan needs, the create call's body with one idempotency key
 * per opened form, and the server's 400 shown on its field.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../embed-sdk/api/errors.js';
import { SdkContext } from '../../../widgets/runtime/SdkContext.js';
import { fakeCardServer } from '../../../widgets/ui/testing/fakeCardServer.js';
import { card } from '../../../widgets/ui/testing/cardFixtures.js';
import { focusedDialog } from '../../../widgets/ui/testing/dialogs.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { createFakeSdk, ok, refused, type FakeHandler } from '../../../widgets/ui/testing/fakeSdk.js';
import type { NewPaymentPlanDialogProps } from '../../../widgets/payment-plan/index.js';
import { NewPaymentPlanDialog } from './planWidgets.js';
import { plan, previewOf } from '../../../widgets/ui/testing/planListFixtures.js';

const MARIA = { id: 11, firstName: 'Maria', lastName: 'Garcia' };
const VISA = card({ id: 1, cardType: 'VISA' });
const MASTERCARD = card({ id: 2, cardType: 'MASTERCARD', isDefault: true });
const IN_A_MONTH = dayjs().add(1, 'month').format('YYYY-MM-DD');

type PreviewBody = Parameters<typeof previewOf>[0] & { isCash: boolean };

function setUp(over: Record<string, FakeHandler> = {}) {
  const cards = fakeCardServer([VISA, MASTERCARD]);
  return createFakeSdk({
    ...cards.handlers,
    '/api/customer/searchCustomer': () => ok([{ ...MARIA, email: 'maria.garcia@example.com' }]),
    '/api/paymentPlan/preview': ({ body }) => {
      const b = body as PreviewBody;
      return ok(previewOf(b, !b.isCash));
    },
    '/api/paymentPlan/create': () => ok(plan()),
    ...over,
  });
}

async function open(fake: ReturnType<typeof setUp>, props: Partial<NewPaymentPlanDialogProps> = {}) {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <NewPaymentPlanDialog open onClose={onClose} onCreated={onCreated} {...props} />
        </SWRConfig>
      </SdkContext.Provider>
    </FluentProvider>,
  );
  const dialog = await focusedDialog('New Payment Plan');
  return { dialog, onClose, onCreated };
}

/** Fills the terms of a $1,200 plan: $200 down, then four payments. */
async function fillTerms(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(/Plan Total/), '1,200');
  await user.type(within(dialog).getByLabelText(/Down Payment/), '200');
  await user.clear(within(dialog).getByLabelText(/Number of Cycles/));
  await user.type(within(dialog).getByLabelText(/Number of Cycles/), '4');
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .filter((cells) => cells.length > 0);

describe('New Payment Plan', () => {
  it('says what is missing or wrong before anything is sent', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    const { dialog } = await open(fake);
    await user.click(within(dialog).getByRole('button', { name: 'Create Payment Plan' }));
    expect(await within(dialog).findByText('Choose a patient.')).toBeInTheDocument();
    expect(within(dialog).getByText('The Plan Total is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Add a Card')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose how the patient approved the plan.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Plan Total/), '12.5x');
    expect(await within(dialog).findByText('The Plan Total is not a currency value.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Plan Total/));
    await user.type(within(dialog).getByLabelText(/Plan Total/), '1000');
    await user.type(within(dialog).getByLabelText(/Down Payment/), '1000');
    expect(
      await within(dialog).findByText('The down payment must be less than the total.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Down Payment/));
    await user.type(within(dialog).getByLabelText(/Down Payment/), '0.5.0');
    expect(await within(dialog).findByText('The Down Payment is not a currency value.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Number of Cycles/));
    await user.type(within(dialog).getByLabelText(/Number of Cycles/), '521');
    expect(
      await within(dialog).findByText('The Number of Cycles must be a whole number from 1 to 520.'),
    ).toBeInTheDocument();
    const date = within(dialog).getByLabelText(/First Billing Date/);
    expect(date).toHaveValue(IN_A_MONTH);
    expect(date).toHaveAttribute('min', dayjs().add(1, 'day').format('YYYY-MM-DD'));
    await user.clear(date);
    await user.type(date, dayjs().format('YYYY-MM-DD'));
    expect(
      await within(dialog).findByText('The First Billing Date must be after today.'),
    ).toBeInTheDocument();
    expect(fake.callsTo('/api/paymentPlan/preview')).toHaveLength(0);
    expect(fake.callsTo('/api/paymentPlan/create')).toHaveLength(0);
  });

  it('previews the schedule once the terms settle, with the surcharge of a credit card', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    const { dialog } = await open(fake, { customer: MARIA });
    expect(within(dialog).getByText('New Payment Plan for Maria Garcia')).toBeInTheDocument();
    // The patient's default card is the plan's card.
    expect(await within(dialog).findByRole('button', { name: /Card on file.*4444/ })).toBeInTheDocument();
    await fillTerms(user, dialog);

    // The schedule of the terms as typed last (what was half-typed is not what shows).
    await waitFor(() =>
      expect(fake.callsTo('/api/paymentPlan/preview').at(-1)!.body).toEqual({
        customerId: 11,
        total: 120_000,
        downPayment: 20_000,
        cycleCount: 4,
        frequency: 'MONTHLY',
        firstBillingDate: IN_A_MONTH,
        isCash: false,
        customerSavedCardId: 2,
      }),
    );
    expect(fake.callsTo('/api/paymentPlan/preview').at(-1)).toMatchObject({
      noProgress: true,
      noBanner: true,
    });
    const table = await within(dialog).findByRole('table', { name: 'Schedule preview' });
    await waitFor(() =>
      expect(cellsOf(table)[0]).toEqual(['Down payment', '11/21/2026', '$200.00', '$6.00', '$206.00']),
    );

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Cycle', 'Date', 'Amount', 'Surcharge', 'Total']);
    const cells = cellsOf(table);
    expect(cells[1]).toEqual(['1', dayjs(IN_A_MONTH).format('MM/DD/YYYY'), '$250.00', '$7.50', '$257.50']);
    expect(cells.at(-1)).toEqual(['Plan total', '4 cycles', '$1,200.00', '$36.00', '$1,236.00']);
    expect(dialog).toHaveTextContent("This credit card carries the practice's 3% surcharge on each payment.");
    expect(dialog).toHaveTextContent(
      'The down payment of $206.00 is charged to the card when the plan is created.',
    );

    // Another frequency is another schedule.
    await user.selectOptions(within(dialog).getByLabelText(/Frequency/), 'WEEKLY');
    await waitFor(() =>
      expect(fake.callsTo('/api/paymentPlan/preview').at(-1)!.body).toMatchObject({ frequency: 'WEEKLY' }),
    );
  });

  it('makes a cash or check plan without a card', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    const { dialog } = await open(fake, { customer: MARIA });
    await within(dialog).findByRole('button', { name: /Card on file.*4444/ });
    await fillTerms(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'Cash or check' }));
    expect(within(dialog).queryByRole('button', { name: /Card on file/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(fake.callsTo('/api/paymentPlan/preview').at(-1)!.body).toEqual({
        customerId: 11,
        total: 120_000,
        downPayment: 20_000,
        cycleCount: 4,
        frequency: 'MONTHLY',
        firstBillingDate: IN_A_MONTH,
        isCash: true,
      }),
    );
    const table = await within(dialog).findByRole('table', { name: 'Schedule preview' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Cycle', 'Date', 'Amount']),
    );
    expect(dialog).toHaveTextContent(
      'The down payment of $200.00 is due today: take it at the desk with Make a Payment.',
    );

    await user.click(within(dialog).getByRole('radio', { name: 'Verbal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Payment Plan' }));
    await waitFor(() => expect(fake.callsTo('/api/paymentPlan/create')).toHaveLength(1));
    expect(fake.callsTo('/api/paymentPlan/create')[0]!.body).toEqual({
      customerId: 11,
      total: 120_000,
      downPayment: 20_000,
      cycleCount: 4,
      frequency: 'MONTHLY',
      firstBillingDate: IN_A_MONTH,
      isCash: true,
      approvedMethod: 'VERBAL',
    });
  });

  it('needs the patient’s signature for a signed plan, and creates it on the card with one key', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    const { dialog, onCreated, onClose } = await open(fake, { customer: MARIA });
    await within(dialog).findByRole('button', { name: /Card on file.*4444/ });
    await fillTerms(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'Signature' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Payment Plan' }));
    expect(await within(dialog).findByText('The signature is required.')).toBeInTheDocument();
    expect(fake.callsTo('/api/paymentPlan/create')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Signature/ }), 'Maria Garcia');
    await user.click(within(dialog).getByRole('button', { name: 'Create Payment Plan' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(plan()));
    expect(onClose).toHaveBeenCalled();
    const [call] = fake.callsTo('/api/paymentPlan/create');
    expect(call!.body).toEqual({
      customerId: 11,
      total: 120_000,
      downPayment: 20_000,
      cycleCount: 4,
      frequency: 'MONTHLY',
      firstBillingDate: IN_A_MONTH,
      isCash: false,
      customerSavedCardId: 2,
      approvedMethod: 'SIGNATURE',
      signature: 'Maria Garcia',
    });
    expect((call as { idempotencyKey?: string }).idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.banners).toEqual([
      {
        intent: 'success',
        title: 'Payment Plan Created',
        message: 'The payment plan for Maria Garcia has been created.',
      },
    ]);
  });

  it('shows the server’s 400 on its field and sends the same key again', async () => {
    let answers = 0;
    const fake = setUp({
      '/api/paymentPlan/create': () => {
        answers += 1;
        if (answers === 1) {
          const envelope = {
            isSuccess: false,
            value: null,
            errors: ['body.cycleCount: Each cycle needs at least 1 cent: use fewer cycles.'],
            showMessage: true,
          };
          return Promise.reject(
            new ApiError(envelope.errors[0]!, 400, envelope, 'POST /api/paymentPlan/create'),
          );
        }
        return ok(plan());
      },
    });
    const user = userEvent.setup();
    const { dialog, onCreated } = await open(fake, { customer: MARIA });
    await within(dialog).findByRole('button', { name: /Card on file.*4444/ });
    await fillTerms(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'Written' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Payment Plan' }));
    const message = await within(dialog).findByText('Each cycle needs at least 1 cent: use fewer cycles.');
    const cycles = within(dialog).getByLabelText(/Number of Cycles/);
    expect(cycles).toHaveAttribute('aria-invalid', 'true');
    expect(cycles.getAttribute('aria-describedby')).toContain(message.id);
    expect(onCreated).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Create Payment Plan' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const keys = fake
      .callsTo('/api/paymentPlan/create')
      .map((c) => (c as { idempotencyKey?: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('dates the plan by the server’s day, when the sandbox clock runs ahead of the browser’s', async () => {
    const fake = setUp();
    const ahead = dayjs().add(40, 'day');
    (fake.sdk as { now: () => Date }).now = () => ahead.toDate();
    const { dialog } = await open(fake);
    const date = within(dialog).getByLabelText(/First Billing Date/);
    expect(date).toHaveValue(ahead.add(1, 'month').format('YYYY-MM-DD'));
    expect(date).toHaveAttribute('min', ahead.add(1, 'day').format('YYYY-MM-DD'));
  });
  it('finds the patient by name and offers their cards', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    const { dialog } = await open(fake);
    expect(
      within(dialog).getByText('Choose the patient first: then pick one of their cards or add one.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: /Patient/ }), 'Mar');
    await user.click(await screen.findByRole('option', { name: /Maria Garcia/ }));
    expect(await within(dialog).findByRole('button', { name: /Card on file.*4444/ })).toBeInTheDocument();
    expect(fake.callsTo('/api/customer/searchCustomer').map((c) => c.query)).toEqual([{ name: 'Mar' }]);
    expect(fake.callsTo('/api/customerSavedCard/customerSavedCards')[0]!.query).toEqual({ customerId: 11 });
  });

  it('says in the dialog why the schedule or the plan was refused, and warns of a declined down payment', async () => {
    let creates = 0;
    const fake = setUp({
      '/api/paymentPlan/preview': () =>
        Promise.reject(
          new ApiError(
            'The card was not found.',
            404,
            {
              isSuccess: false,
              value: null,
              errors: ['The card was not found.'],
              showMessage: true,
            },
            'POST /api/paymentPlan/preview',
          ),
        ),
      '/api/paymentPlan/create': () => {
        creates += 1;
        if (creates === 1) return refused('The first billing date cannot be before today (11/21/2026).');
        return ok(
          plan({
            balancePastDue: 20_000,
            ledgerDtos: [
              {
                id: 1,
                dateTime: '2026-11-21T15:00:00.000Z',
                description: 'Down payment',
                kind: 'PAYMENT',
                adjustmentType: null,
                fundingSource: 'CARD',
                cardType: 'MASTERCARD',
                cardDescription: '•••• 4444',
                amount: 20_600,
                orderAmount: 20_000,
                surcharge: 600,
                hasSurcharge: true,
                status: 'DECLINED',
                refundVoidType: null,
                refundVoidAmount: null,
                reason: 'Card declined',
                referenceId: null,
                checkNum: null,
                note: null,
                transactionId: null,
                transactionResultId: null,
                paymentPlanId: 41,
                paymentPlanDetailId: 1,
                customerMembershipBillingId: null,
                isSettled: false,
                cantRefund: false,
                actions: { refundCashCheck: false, refundOrVoid: false, moveToEnd: true, remove: true },
              },
            ],
          }),
        );
      },
    });
    const user = userEvent.setup();
    const { dialog, onCreated } = await open(fake, { customer: MARIA });
    await within(dialog).findByRole('button', { name: /Card on file.*4444/ });
    await fillTerms(user, dialog);
    expect(
      await within(dialog).findByText('The schedule could not be previewed. The card was not found.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('table', { name: 'Schedule preview' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Verbal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Payment Plan' }));
    expect(
      await within(dialog).findByText('The first billing date cannot be before today (11/21/2026).'),
    ).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Create Payment Plan' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(fake.banners).toContainEqual({
      intent: 'warning',
      title: 'Down Payment Declined',
      message: 'The plan was created, but its down payment was declined (Card declined). It is past due.',
    });
  });
});
