/**
 * The Transaction Details modal as a person reads it: everything part 2's "Transaction detail" lists,
 * read for the transaction id alone (the element, the payment request's activity) or from a list's
 * row, and its closing.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../ui/testing/domMatchers.js';
import { formatDate, formatTime } from '../../../embed-sdk/format/date.js';
import { tx } from '../testing/fixtures.js';
import { renderDetails, setUp } from '../testing/renderWidget.js';

const open = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
  await within(dialog).findAllByText('Transaction ID');
  return dialog;
};

/** The value beside a term of the modal's lists. */
const valueOf = (dialog: HTMLElement, term: string, nth = 0) =>
  within(dialog).getAllByText(term, { selector: 'dt' })[nth]!.nextElementSibling!.textContent;

describe('the details', () => {
  it('reads the transaction and shows its card, status, ID, date and time', async () => {
    const created = '2026-11-12T15:04:05.000Z';
    const { fake } = setUp([
      tx({
        id: 7,
        referenceId: 'K9PQ2Z-0001-0002',
        created,
        expMonth: '0',
        expYear: '0',
        resultMetaData: { funding: 'CREDIT', card: { expirationMonth: 4, expirationYear: 2031 } },
        note: 'Crown, second visit',
        noteLabel: 'Memo',
      }),
    ]);
    renderDetails(fake, { transactionId: 7 });
    const dialog = await open();
    expect(fake.callsTo('/api/transaction/transaction')[0]?.query).toEqual({ id: 7 });
    expect(valueOf(dialog, 'Patient')).toBe('Maria Garcia');
    expect(valueOf(dialog, 'Source')).toBe('Virtual Terminal');
    expect(valueOf(dialog, 'Payment Type')).toBe('Card');
    expect(valueOf(dialog, 'Card')).toBe('•••• 1111');
    // expMonth '0': read from the provider's card expiration fields.
    expect(valueOf(dialog, 'Expires')).toBe('04/31');
    expect(valueOf(dialog, 'Card Brand')).toContain('Visa');
    expect(valueOf(dialog, 'Memo')).toBe('Crown, second visit');
    const status = within(dialog).getByRole('region', { name: 'Approved' });
    expect(status).toHaveTextContent('$125.00');
    expect(valueOf(dialog, 'Transaction ID')).toBe('K9PQ2Z');
    expect(valueOf(dialog, 'Date')).toBe(formatDate(created));
    expect(valueOf(dialog, 'Date')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(valueOf(dialog, 'Time')).toBe(formatTime(created));
    expect(valueOf(dialog, 'Time')).toMatch(/^\d{2}:\d{2}:\d{2} (AM|PM)$/);
    expect(within(dialog).queryByRole('region', { name: 'Refund or void' })).toBeNull();
  });

  it('shows a check’s number, the surcharge split and a decline’s reason', async () => {
    const { fake } = setUp([
      tx({
        id: 8,
        fundingSource: 'CHECK',
        cardType: null,
        cardDescription: null,
        referenceId: 'CHK123-0001#1042',
        status: 'DECLINED',
        reason: 'Insufficient funds',
        hasSurcharging: true,
        orderAmount: 10_000,
        surchargeAmount: 300,
        amount: 10_300,
      }),
    ]);
    renderDetails(fake, { transactionId: 8 });
    const dialog = await open();
    expect(valueOf(dialog, 'Check Number')).toBe('1042');
    expect(valueOf(dialog, 'Payment Type')).toBe('Check');
    expect(within(dialog).queryByText('Card Brand')).toBeNull();
    expect(within(dialog).getByRole('region', { name: 'Declined' })).toBeInTheDocument();
    expect(valueOf(dialog, 'Reason')).toBe('Insufficient funds');
    expect(valueOf(dialog, 'Transaction Amount')).toBe('$100.00');
    expect(valueOf(dialog, 'Surcharge Amount')).toBe('$3.00');
    expect(valueOf(dialog, 'Total')).toBe('$103.00');
    expect(valueOf(dialog, 'Transaction ID')).toBe('CHK123');
  });

  it('shows a refund in a second block, its amounts negative with the surcharge split', async () => {
    const refunded = '2026-11-14T18:30:00.000Z';
    const { fake } = setUp([
      tx({
        id: 9,
        hasSurcharging: true,
        orderAmount: 10_000,
        surchargeAmount: 300,
        amount: 10_300,
        refundVoidType: 'REFUNDED',
        refundVoidAmount: 5_150,
        refundVoidOrderAmount: 5_000,
        refundVoidSurchargeAmount: 150,
        refundVoidReferenceId: 'RFD777-0001',
        refundVoidDate: refunded,
      }),
    ]);
    renderDetails(fake, { transactionId: 9 });
    const dialog = await open();
    const block = within(dialog).getByRole('region', { name: 'Refund or void' });
    expect(within(block).getByRole('heading', { name: 'Refunded' })).toBeInTheDocument();
    expect(valueOf(block, 'Transaction Amount')).toBe('-$50.00');
    expect(valueOf(block, 'Surcharge Amount')).toBe('-$1.50');
    expect(valueOf(block, 'Total')).toBe('-$51.50');
    expect(valueOf(block, 'Transaction ID')).toBe('RFD777');
    expect(valueOf(block, 'Date')).toBe(formatDate(refunded));
    expect(valueOf(block, 'Time')).toBe(formatTime(refunded));
  });

  it('shows a list’s row without reading it again, and tells the host when it closes', async () => {
    const row = tx({ id: 3 });
    const { fake } = setUp([row]);
    const closed = vi.fn();
    const user = userEvent.setup();
    renderDetails(fake, { transactionId: 3, transaction: row, onTransactionDetailsClosed: closed });
    const dialog = await open();
    expect(fake.callsTo('/api/transaction/transaction')).toHaveLength(0);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(closed).toHaveBeenCalledWith({ id: 3 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
