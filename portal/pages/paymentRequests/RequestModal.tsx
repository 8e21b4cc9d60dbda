/**
 * A payment request's detail modal as the portal places it: its Payment Activity opens a payment's
 * Transaction Details beside it (capabilities do not import each other: the page puts the two
 * together). The details' code loads when one is first opened.
 */
import { useState } from 'react';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import { PaymentRequest } from '../../../widgets/payment-request/index.js';
import { lazyPart } from '../../../widgets/runtime/lazyPart.js';

const details = lazyPart(
  () => import('../../../widgets/transactions/index.js'),
  (module) => module.TransactionDetails,
);

export function RequestModal({ notificationId, onClose }: { notificationId: string; onClose: () => void }) {
  const [payment, setPayment] = useState<Transaction | null>(null);
  return (
    <>
      <PaymentRequest notificationId={notificationId} open onClose={onClose} onOpenTransaction={setPayment} />
      {payment && (
        <details.Component
          transactionId={payment.id}
          transaction={payment}
          open
          onClose={() => setPayment(null)}
        />
      )}
    </>
  );
}
