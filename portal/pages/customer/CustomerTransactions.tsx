/**
 * The patient page's transactions: the transactions widget narrowed to the patient (their patient
 * number), ten to a page, with the same filter bar, menu and dialogs as the Transactions page, and Allocate on
 * the patient's payments not yet fully allocated (Open Dental practices that allocate procedures).
 * New Payment takes a payment at the desk (the virtual terminal) with the patient filled in.
 */
import { useMemo } from 'react';
import { portalLinks, Transactions } from '../../../widgets/transactions/index.js';
import { Panel } from '../Panel.js';
import { PortalAllocator } from '../transactions/allocationWidget.js';
import { useSourceModals } from '../transactions/sourceModals.js';

export function CustomerTransactions({
  customer,
}: {
  customer: { id: number; key: number; firstName: string; lastName: string };
}) {
  const links = useMemo(() => portalLinks(''), []);
  const sources = useSourceModals();
  return (
    <Panel title="Transactions">
      <Transactions
        customerKey={customer.key}
        payer={{ id: customer.id, firstName: customer.firstName, lastName: customer.lastName }}
        variant="section"
        links={links}
        onOpenSource={sources.onOpenSource}
        Allocator={PortalAllocator}
      />
      {sources.modals}
    </Panel>
  );
}
