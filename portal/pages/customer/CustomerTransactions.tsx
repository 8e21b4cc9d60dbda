/**
 * The patient page's transactions: the transactions widget narrowed to the patient (their patient
 * number), ten to a page, with the same filter bar, menu and dialogs as the Transactions page.
 */
import { useMemo } from 'react';
import { portalLinks, Transactions } from '../../../widgets/transactions/index.js';
import { Panel } from '../Panel.js';
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
      />
      {sources.modals}
    </Panel>
  );
}
