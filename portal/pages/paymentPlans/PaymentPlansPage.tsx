/**
 * The Payment Plans page (route `paymentplans`): the practice's payment plans, newest first,
 * searched by patient and filtered by status (active, past due, completed, canceled), ten to a
 * page. A row opens the plan's detail modal; New Payment Plan sets one up and opens the new plan.
 * The filter and the open plan live in the address, so the dashboard's past-due link opens the page
 * filtered and the bell's past-due rows open their plan.
 */
import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { PLAN_EDIT_ROLES } from '../../../embed-sdk/contract/paymentPlan.js';
import { hasAnyRole } from '../../session/session.js';
import { useSession } from '../../session/SessionContext.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { ListFilters } from '../../../widgets/ui/ListFilters.js';
import { PatientRecordHeader, PatientRecordRow } from '../../components/PatientRecordRow.js';
import { useFilterInAddress } from '../../components/useFilterInAddress.js';
import { PageHeader } from '../PageHeader.js';
import { PlanHeaderCells, PlanRowCells } from './PlanCells.js';
import { emptyText, listBody, planFilters, STATUS_FILTERS } from './paymentPlansFilter.js';
import { NewPlanDialog, PlanModal } from './planWidgets.js';
import { isPlanListKey, usePlanList } from './usePlanList.js';

export default function PaymentPlansPage() {
  const { session } = useSession();
  const { mutate } = useSWRConfig();
  const canEdit = session.isAdmin || hasAnyRole(session, PLAN_EDIT_ROLES);
  const { filter, update, show, close } = useFilterInAddress(planFilters);
  const [creating, setCreating] = useState(false);
  const setOpenId = (planId: number) => show({ planId });

  const { data, error, isLoading } = usePlanList(listBody(filter));
  const refresh = useCallback(() => void mutate(isPlanListKey), [mutate]);

  return (
    <>
      <PageHeader
        title="Payment Plans"
        description="Patients' payment plans: each plan's status, next billing date, balance and any past-due amount."
        actions={
          canEdit ? (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
              New Payment Plan
            </Button>
          ) : undefined
        }
      />
      <ListFilters
        label="Filter payment plans"
        search={filter.search}
        onSearch={(search) => update({ search })}
        status={filter.status}
        statuses={STATUS_FILTERS}
        onStatus={(status) => update({ status })}
      />

      <ListFrame
        variant="page"
        label="Payment plans"
        rows={data?.paymentPlans}
        failed={!!error}
        loading={isLoading && !data}
        stale={isLoading}
        failedText="The payment plans could not be loaded."
        loadingText="Loading payment plans…"
        onRetry={refresh}
        emptyText={emptyText(filter)}
        header={
          <>
            <PatientRecordHeader />
            <PlanHeaderCells />
          </>
        }
        renderRow={(plan) => (
          <PatientRecordRow key={plan.id} record={plan} onOpen={setOpenId}>
            <PlanRowCells plan={plan} />
          </PatientRecordRow>
        )}
        pager={{
          page: filter.page,
          totalCount: data?.totalCount ?? 0,
          noun: 'payment plan',
          onPage: (page) => update({ page }),
        }}
      />

      <PlanModal planId={filter.planId} onClose={close} onChanged={refresh} />
      <NewPlanDialog
        enabled={canEdit}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(plan) => setOpenId(plan.id)}
      />
    </>
  );
}
