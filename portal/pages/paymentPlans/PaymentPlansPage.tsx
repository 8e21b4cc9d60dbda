/**
 * The Payment Plans page (route `paymentplans`): the practice's payment plans, newest first,
 * searched by patient and filtered by status (active, past due, completed, canceled), ten to a
 * page. A row opens the plan's detail modal; New Payment Plan sets one up and opens the new plan.
 * The filter and the open plan live in the address, so the dashboard's past-due link opens the page
 * filtered and the bell's past-due rows open their plan.
 */
import {
  Button,
  Field,
  Link,
  makeStyles,
  SearchBox,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useDebouncedValue } from '../../../widgets/ui/useDebouncedValue.js';
import { PLAN_EDIT_ROLES, type PaymentPlanListRow } from '../../../embed-sdk/contract/paymentPlan.js';
import { hasAnyRole } from '../../session/session.js';
import { useSession } from '../../session/SessionContext.js';
import { ListScroll, ListState, Pager } from '../ListParts.js';
import { PageHeader } from '../PageHeader.js';
import { PlanHeaderCells, PlanRowCells } from './PlanCells.js';
import {
  emptyText,
  filterFromParams,
  listBody,
  pageCount,
  paramsFromFilter,
  STATUS_FILTERS,
  type PlanFilter,
  type StatusFilter,
} from './paymentPlansFilter.js';
import { NewPlanDialog, PlanModal } from './planWidgets.js';
import { isPlanListKey, usePlanList } from './usePlanList.js';

const useStyles = makeStyles({
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-end',
    marginBottom: tokens.spacingVerticalL,
  },
  search: { minWidth: '240px', flex: '1 1 240px' },
  table: { minWidth: '940px' },
  row: { cursor: 'pointer' },
  patientId: { display: 'block', color: tokens.colorNeutralForeground3 },
  empty: { padding: tokens.spacingVerticalXL, color: tokens.colorNeutralForeground2 },
});

function PlanRow({ plan, onOpen }: { plan: PaymentPlanListRow; onOpen: (id: number) => void }) {
  const styles = useStyles();
  return (
    <TableRow className={styles.row} onClick={() => onOpen(plan.id)}>
      <TableCell>
        <Link
          as="button"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(plan.id);
          }}
        >
          {`${plan.firstName} ${plan.lastName}`}
        </Link>
        {plan.patientKey !== null ? (
          <Text size={200} className={styles.patientId}>{`Patient ID: ${plan.patientKey}`}</Text>
        ) : null}
      </TableCell>
      <PlanRowCells plan={plan} />
    </TableRow>
  );
}

export default function PaymentPlansPage() {
  const styles = useStyles();
  const { session } = useSession();
  const { mutate } = useSWRConfig();
  const canEdit = session.isAdmin || hasAnyRole(session, PLAN_EDIT_ROLES);
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const [searchText, setSearchText] = useState(filter.search);
  const search = useDebouncedValue(searchText, 300);
  const [creating, setCreating] = useState(false);

  const update = (change: Partial<PlanFilter>) =>
    setParams(paramsFromFilter({ ...filter, page: 1, ...change }), { replace: true });
  const setOpenId = (planId: number | null) =>
    setParams(paramsFromFilter({ ...filter, planId }), { replace: true });

  // The search box writes to the address once typing settles.
  useEffect(() => {
    if (search !== filter.search) update({ search });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the settled text changes
  }, [search]);

  const { data, error, isLoading } = usePlanList(listBody(filter));
  const pages = pageCount(data?.totalCount ?? 0);
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
      <div className={styles.filters} role="search" aria-label="Filter payment plans">
        <Field label="Patient" className={styles.search}>
          <SearchBox
            placeholder="Search by patient name, e-mail or patient number"
            value={searchText}
            onChange={(_e, d) => setSearchText(d.value)}
          />
        </Field>
        <Field label="Status">
          <Select value={filter.status} onChange={(_e, d) => update({ status: d.value as StatusFilter })}>
            {STATUS_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <ListState
        failed={!!error}
        loading={isLoading && !data}
        failedText="The payment plans could not be loaded."
        loadingText="Loading payment plans…"
      >
        {/* While another page or filter loads, the last one shows, dimmed. */}
        <ListScroll stale={isLoading}>
          <Table aria-label="Payment plans" className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Patient</TableHeaderCell>
                <PlanHeaderCells />
              </TableRow>
            </TableHeader>
            <TableBody>
              {(data?.paymentPlans ?? []).map((plan) => (
                <PlanRow key={plan.id} plan={plan} onOpen={setOpenId} />
              ))}
            </TableBody>
          </Table>
        </ListScroll>
        {data && data.paymentPlans.length === 0 && (
          <Text as="p" className={styles.empty}>
            {emptyText(filter)}
          </Text>
        )}
        <Pager
          page={filter.page}
          pages={pages}
          count={{ total: data?.totalCount ?? 0, noun: 'payment plan' }}
          onPage={(page) => update({ page })}
        />
      </ListState>

      <PlanModal planId={filter.planId} onClose={() => setOpenId(null)} onChanged={refresh} />
      <NewPlanDialog
        enabled={canEdit}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(plan) => setOpenId(plan.id)}
      />
    </>
  );
}
