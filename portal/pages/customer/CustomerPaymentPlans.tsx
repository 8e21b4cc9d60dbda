/**
 * The patient page's payment plans: the patient's plans, newest first, ten to a page, each with its
 * status, next billing date, balance, past due and progress; a row opens the plan's detail modal;
 * New Payment Plan sets one up for this patient and opens it.
 */
import { Button, Link, TableCell, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { formatDate } from '../../../embed-sdk/format/index.js';
import { PLAN_EDIT_ROLES, PLAN_VIEW_ROLES } from '../../../embed-sdk/contract/paymentPlan.js';
import { hasAnyRole } from '../../session/session.js';
import { useSession } from '../../session/SessionContext.js';
import { useListColumns } from '../../../widgets/ui/listColumns.js';
import { ListFrame, PAGE_SIZE } from '../../../widgets/ui/ListFrame.js';
import { Panel } from '../Panel.js';
import { NewPlanDialog, PlanModal } from '../paymentPlans/planWidgets.js';
import { isPlanListKey, usePlanList } from '../paymentPlans/usePlanList.js';
import { PlanHeaderCells, PlanRowCells } from '../paymentPlans/PlanCells.js';

export function CustomerPaymentPlans(props: {
  customer: { id: number; firstName: string; lastName: string };
}) {
  const { customer } = props;
  const columns = useListColumns();
  const { session } = useSession();
  const { mutate } = useSWRConfig();
  const canView = session.isAdmin || hasAnyRole(session, PLAN_VIEW_ROLES);
  const canEdit = session.isAdmin || hasAnyRole(session, PLAN_EDIT_ROLES);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const { data, error } = usePlanList({ customerId: customer.id, page, pageSize: PAGE_SIZE }, canView);
  const refresh = useCallback(() => void mutate(isPlanListKey), [mutate]);
  if (!canView) return null;
  const name = `${customer.firstName} ${customer.lastName}`;
  return (
    <Panel
      title="Payment Plans"
      actions={
        canEdit && (
          <Button icon={<AddRegular />} onClick={() => setCreating(true)}>
            New Payment Plan
          </Button>
        )
      }
    >
      <ListFrame
        variant="section"
        label={`Payment plans of ${name}`}
        rows={data?.paymentPlans}
        failed={!!error}
        loading={!data}
        failedText="The payment plans could not be loaded."
        loadingText="Loading payment plans…"
        emptyText={`${customer.firstName} has no payment plans.`}
        header={
          <>
            <TableHeaderCell>Created</TableHeaderCell>
            <PlanHeaderCells />
          </>
        }
        renderRow={(plan) => (
          <TableRow key={plan.id}>
            <TableCell className={columns.nowrap}>
              <Link as="button" onClick={() => setOpenId(plan.id)}>
                {formatDate(plan.created)}
              </Link>
            </TableCell>
            <PlanRowCells plan={plan} />
          </TableRow>
        )}
        pager={{ page, totalCount: data?.totalCount ?? 0, onPage: setPage }}
      />
      <PlanModal planId={openId} onClose={() => setOpenId(null)} onChanged={refresh} />
      <NewPlanDialog
        enabled={canEdit}
        open={creating}
        customer={customer}
        onClose={() => setCreating(false)}
        onCreated={(plan) => setOpenId(plan.id)}
      />
    </Panel>
  );
}
