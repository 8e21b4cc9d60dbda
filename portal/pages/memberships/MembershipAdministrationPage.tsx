/**
 * Membership Administration (route `managemembership`, MANAGEMEMBERSHIPS; the user menu's entry):
 * the practice's plan catalogue, in the order New Membership and the enrolment page offer it. Each
 * plan shows its image, label, description, linked discount plan, benefits, prices, members and
 * whether it is offered. Staff add and edit plans, move them up and down, retire a plan (it keeps
 * its members but takes no new ones) and bring a retired one back. The spec does not show this
 * screen: it is laid out as the portal's other lists.
 */
import {
  Badge,
  Button,
  makeStyles,
  mergeClasses,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { MONEY_COLUMN, useListTableStyles } from '../../../widgets/ui/listColumns.js';
import {
  AddRegular,
  ArchiveRegular,
  ArrowDownRegular,
  ArrowUndoRegular,
  ArrowUpRegular,
  EditRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import type { MembershipPlan } from '../../../embed-sdk/contract/membership.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { ConfirmDialog } from '../../../widgets/ui/ConfirmDialog.js';
import { ListScroll, ListState } from '../../../widgets/ui/ListFrame.js';
import { useSession } from '../../session/SessionContext.js';
import { PageHeader } from '../PageHeader.js';
import { PlanFormDialog } from './PlanFormDialog.js';
import { movedOrder, useCatalogueChanges, usePlanCatalogue } from './usePlanCatalogue.js';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'flex-end', marginBottom: tokens.spacingVerticalM },
  table: {
    // Plans take several lines (description, benefits): a little room above and below each.
    '& td': { paddingBlock: tokens.spacingVerticalS },
  },
  // Columns sized by their content (listColumns); the plan and its benefits keep enough room not to
  // become a sliver beside the figures.
  planColumn: { minWidth: '220px' },
  benefitsColumn: { minWidth: '160px' },
  retired: { opacity: 0.7 },
  order: { width: '1%', whiteSpace: 'nowrap' },
  plan: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  image: {
    width: '56px',
    height: '40px',
    flexShrink: 0,
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  stack: { display: 'flex', flexDirection: 'column', gap: '2px', alignItems: 'flex-start' },
  muted: { color: tokens.colorNeutralForeground3 },
  benefits: { margin: 0, paddingInlineStart: '18px' },
  money: MONEY_COLUMN,
  count: MONEY_COLUMN,
  actions: { width: '1%' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  empty: { padding: tokens.spacingVerticalXL, color: tokens.colorNeutralForeground2 },
});

function Price({ cents }: { cents: number | null }) {
  const styles = useStyles();
  return cents === null ? <span className={styles.muted}>—</span> : <>{formatCurrency(cents)}</>;
}

function PlanCell({ plan }: { plan: MembershipPlan }) {
  const styles = useStyles();
  return (
    <div className={styles.plan}>
      {plan.image ? <img src={plan.image} alt="" className={styles.image} /> : null}
      <span className={styles.stack}>
        <Text weight="semibold">{plan.label}</Text>
        {plan.description ? (
          <Text size={200} className={styles.muted}>
            {plan.description}
          </Text>
        ) : null}
        <Text size={200}>{`Discount plan: ${plan.discountPlan || 'none'}`}</Text>
        {plan.isActive ? null : (
          <Badge appearance="tint" color="subtle">
            Retired
          </Badge>
        )}
      </span>
    </div>
  );
}

interface RowProps {
  plan: MembershipPlan;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onRetire: () => void;
  onRestore: () => void;
}

function PlanRow({ plan, first, last, busy, onMove, onEdit, onRetire, onRestore }: RowProps) {
  const styles = useStyles();
  return (
    <TableRow className={plan.isActive ? undefined : styles.retired}>
      <TableCell>
        <span className={styles.buttons}>
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowUpRegular />}
            aria-label={`Move ${plan.label} up`}
            disabled={first || busy}
            onClick={() => onMove(-1)}
          />
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowDownRegular />}
            aria-label={`Move ${plan.label} down`}
            disabled={last || busy}
            onClick={() => onMove(1)}
          />
        </span>
      </TableCell>
      <TableCell>
        <PlanCell plan={plan} />
      </TableCell>
      <TableCell>
        {plan.benefits.length > 0 ? (
          <ul className={styles.benefits}>
            {plan.benefits.map((b) => (
              <li key={b.id}>{b.label}</li>
            ))}
          </ul>
        ) : (
          <span className={styles.muted}>None listed</span>
        )}
      </TableCell>
      <TableCell className={styles.money}>
        <Price cents={plan.monthlyAmount} />
      </TableCell>
      <TableCell className={styles.money}>
        <Price cents={plan.yearlyAmount} />
      </TableCell>
      <TableCell className={styles.count}>{plan.memberCount.toLocaleString('en-US')}</TableCell>
      <TableCell>
        <span className={styles.buttons}>
          <Button size="small" icon={<EditRegular />} aria-label={`Edit ${plan.label}`} onClick={onEdit}>
            Edit
          </Button>
          {plan.isActive ? (
            <Button
              size="small"
              icon={<ArchiveRegular />}
              aria-label={`Retire ${plan.label}`}
              disabled={busy}
              onClick={onRetire}
            >
              Retire
            </Button>
          ) : (
            <Button
              size="small"
              icon={<ArrowUndoRegular />}
              aria-label={`Offer ${plan.label} again`}
              disabled={busy}
              onClick={onRestore}
            >
              Offer Again
            </Button>
          )}
        </span>
      </TableCell>
    </TableRow>
  );
}

export const retireMessage = (plan: MembershipPlan) =>
  `${plan.label} will no longer be offered for new memberships. Its ${plan.memberCount} current ${
    plan.memberCount === 1 ? 'enrollee keeps' : 'enrollees keep'
  } the plan and ${plan.memberCount === 1 ? 'is' : 'are'} billed as before.`;

export default function MembershipAdministrationPage() {
  const styles = useStyles();
  const listTable = useListTableStyles();
  const { session } = useSession();
  const notify = useNotify();
  const { data: plans, error, isLoading, mutate } = usePlanCatalogue();
  const changes = useCatalogueChanges();
  const [editing, setEditing] = useState<MembershipPlan | 'new' | null>(null);
  const [retiring, setRetiring] = useState<MembershipPlan | null>(null);
  const [showRetired, setShowRetired] = useState(true);
  const [busy, setBusy] = useState(false);
  const all = plans ?? [];
  const shown = showRetired ? all : all.filter((p) => p.isActive);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // The SDK's banner says why; the list is as the server has it.
      void mutate();
    } finally {
      setBusy(false);
    }
  };

  const move = (plan: MembershipPlan, step: -1 | 1) => {
    const ids = plans ? movedOrder(plans, shown, plan.id, step) : null;
    if (ids) void run(() => changes.reorder(ids));
  };

  const retire = (plan: MembershipPlan) =>
    void run(async () => {
      const saved = await changes.setActive(plan.id, false);
      notify({
        intent: 'success',
        title: 'Plan Retired',
        message: `${saved.label} takes no new members. Its current members keep it.`,
      });
    }).finally(() => setRetiring(null));

  const restore = (plan: MembershipPlan) =>
    void run(async () => {
      const saved = await changes.setActive(plan.id, true);
      notify({
        intent: 'success',
        title: 'Plan Offered',
        message: `${saved.label} can be chosen for new memberships again.`,
      });
    });

  return (
    <>
      <PageHeader
        title="Membership Administration"
        description={`The membership plans ${session.companyName} offers, in the order staff and patients see them: what each includes, its monthly and yearly price and its linked discount plan.`}
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
            Add Plan
          </Button>
        }
      />
      <div className={styles.bar}>
        <Switch
          label="Show retired plans"
          checked={showRetired}
          onChange={(_e, d) => setShowRetired(d.checked)}
        />
      </div>
      <ListState
        failed={!!error && !plans}
        loading={isLoading && !plans}
        failedText="The membership plans could not be loaded."
        loadingText="Loading the membership plans…"
        onRetry={() => void mutate()}
      >
        <ListScroll stale={busy}>
          <Table aria-label="Membership plans" className={mergeClasses(listTable.table, styles.table)}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell className={styles.order}>Order</TableHeaderCell>
                <TableHeaderCell className={styles.planColumn}>Plan</TableHeaderCell>
                <TableHeaderCell className={styles.benefitsColumn}>Benefits</TableHeaderCell>
                <TableHeaderCell className={styles.money}>Monthly</TableHeaderCell>
                <TableHeaderCell className={styles.money}>Yearly</TableHeaderCell>
                <TableHeaderCell className={styles.count}>Members</TableHeaderCell>
                <TableHeaderCell className={styles.actions}>Actions</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((plan) => (
                <PlanRow
                  key={plan.id}
                  plan={plan}
                  first={shown[0]?.id === plan.id}
                  last={shown.at(-1)?.id === plan.id}
                  busy={busy}
                  onMove={(step) => move(plan, step)}
                  onEdit={() => setEditing(plan)}
                  onRetire={() => setRetiring(plan)}
                  onRestore={() => restore(plan)}
                />
              ))}
            </TableBody>
          </Table>
        </ListScroll>
        {shown.length === 0 ? (
          <Text as="p" className={mergeClasses(styles.empty)}>
            {all.length === 0
              ? 'No membership plans yet. Add the first plan your practice offers.'
              : 'Every plan is retired. Show retired plans to offer one again.'}
          </Text>
        ) : null}
      </ListState>
      <PlanFormDialog plan={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={retiring !== null}
        title={retiring ? `Retire ${retiring.label}?` : 'Retire Plan?'}
        message={retiring ? retireMessage(retiring) : ''}
        confirmLabel="Retire Plan"
        busy={busy}
        onConfirm={() => retiring && retire(retiring)}
        onCancel={() => setRetiring(null)}
      />
    </>
  );
}
