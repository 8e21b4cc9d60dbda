/**
 * The patient page's transactions: the transactions widget narrowed to the patient (their patient
 * number), ten to a page, with the same filter bar, menu and dialogs as the Transactions page, and Allocate on
 * the patient's payments not yet fully allocated (Open Dental practices that allocate procedures).
 */
import { useMemo } from 'react';
import { portalLinks, Transactions } from '../../../widgets/transactions/index.js';
import { Panel } from '../Panel.js';
import { PortalAllocator } from '../transactions/allocationWidget.js';
import { useSourceModals } from '../transactions/sourceModals.js';

export function CustomerTransactions({ customer }: { customer: { key: number } }) {
  const links = useMemo(() => portalLinks(''), []);
  const sources = useSourceModals();
  return (
    <Panel title="Transactions">
      <Transactions
        customerKey={customer.key}
        variant="section"
        links={links}
        onOpenSource={sources.onOpenSource}
        Allocator={PortalAllocator}
      />
      {sources.modals}
    </Panel>
  );
}
