/**
 * The Payment History tab as its tests render it: a plan with these rows behind the fake plan
 * server, the signed-in person, and the Refund / Void form the test hands in (if any).
 */
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { PaymentLedgerRow, PaymentPlan } from '../../../../embed-sdk/contract/paymentPlan.js';
import type { RefundVoidForm } from '../../../ui/refundVoidForm.js';
import { fakePlanServer } from '../../../ui/testing/fakePlanServer.js';
import { plan } from '../../schedule/testing/fixtures.js';
import { fakeSdkAs, renderTab } from '../../schedule/testing/renderTab.js';
import { LedgerTab } from '../LedgerTab.js';

export function renderLedger(
  ledger: PaymentLedgerRow[],
  person: Parameters<typeof fakeSdkAs>[1] = {},
  over: Partial<PaymentPlan> = {},
  refundVoidForm?: RefundVoidForm,
) {
  const p = plan({ ledger, ...over });
  const server = fakePlanServer(p);
  const fake = fakeSdkAs(server.handlers, person);
  const onChanged = vi.fn();
  renderTab(fake, <LedgerTab plan={p} onChanged={onChanged} refundVoidForm={refundVoidForm} />);
  return { server, fake, onChanged, user: userEvent.setup() };
}
