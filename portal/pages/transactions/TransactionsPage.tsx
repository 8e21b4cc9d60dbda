/**
 * The Transactions page (route `transactions`, the sidebar item every user has): the practice's
 * transactions in the transactions widget, its filter kept in the address (`#/transactions?dates=
 * last7&source=TERMINAL&…`), so a link or a reload keeps it. A source opens its plan or request in
 * place. An administrator may look at every practice at once (`all=1`).
 */
import { Switch } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  filterFromParams,
  paramsFromFilter,
  portalLinks,
  Transactions,
} from '../../../widgets/transactions/index.js';
import { useSession } from '../../session/SessionContext.js';
import { PageHeader } from '../PageHeader.js';
import { useSourceModals } from './sourceModals.js';
import { PortalAllocator } from './allocationWidget.js';

export default function TransactionsPage() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const companyWide = session.isAdmin && params.get('all') === '1';
  const links = useMemo(() => portalLinks(''), []);
  const sources = useSourceModals();
  const write = (next: URLSearchParams) => {
    if (companyWide) next.set('all', '1');
    setParams(next, { replace: true });
  };
  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every payment, refund and void: who paid, through which channel, and whether it reached the practice system."
        actions={
          session.isAdmin ? (
            <Switch
              label="Every practice"
              checked={companyWide}
              onChange={(_e, d) => {
                const next = paramsFromFilter({ ...filter, page: 1 });
                if (d.checked) next.set('all', '1');
                setParams(next, { replace: true });
              }}
            />
          ) : undefined
        }
      />
      <Transactions
        filter={filter}
        onFilterChange={(next) => write(paramsFromFilter(next))}
        companyWide={companyWide}
        links={links}
        onOpenSource={sources.onOpenSource}
        Allocator={PortalAllocator}
      />
      {sources.modals}
    </>
  );
}
