/**
 * A transaction row's cells (spec part 2, "Transaction list"): the status, the patient by the spec's
 * rules, the source with its role-gated link, the payment method, the amounts, and whether the
 * payment reached the practice system (with Retry when it did not).
 */
import { Badge, Button, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  ClockRegular,
  CloudCheckmarkRegular,
  CloudDismissRegular,
  PersonEditRegular,
  SparkleRegular,
} from '@fluentui/react-icons';
import { useState, type MouseEvent } from 'react';
import type { Role } from '../../../embed-sdk/contract/common.js';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import { SOURCE_LABELS } from '../../../embed-sdk/format/transactions.js';
import { useNotify } from '../../runtime/useBanners.js';
import { Truncated } from '../../ui/listColumns.js';
import type { LinkedSource, TransactionLinks } from '../links.js';
import { LIST_TEXT } from '../texts.js';
import {
  patientCell,
  paymentMethodOf,
  sourceTarget,
  statusView,
  syncView,
  transactionIdOf,
} from '../transactionView.js';

const useStyles = makeStyles({
  patient: { display: 'flex', alignItems: 'center', minWidth: 0, gap: tokens.spacingHorizontalXS },
  icon: { color: tokens.colorNeutralForeground3, fontSize: '16px' },
  muted: { color: tokens.colorNeutralForeground3 },
  // A card's brand gives way before its last four digits, which a person matches with a receipt.
  method: { display: 'flex', minWidth: 0, columnGap: '0.3em', whiteSpace: 'nowrap' },
  brand: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
  number: { flexShrink: 0 },
  note: { display: 'block', maxWidth: '220px', color: tokens.colorNeutralForeground3 },
  // Retry goes under the badge when the column is too narrow for both on one line.
  sync: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
  },
  refund: { display: 'block', color: tokens.colorNeutralForeground3 },
});

export function StatusCell({ transaction }: { transaction: Transaction }) {
  const view = statusView(transaction);
  const styles = useStyles();
  return (
    <>
      <Badge appearance="tint" color={view.color === 'subtle' ? 'subtle' : view.color}>
        {view.text}
      </Badge>
      {view.givenBack !== null && (
        <Text size={200} className={styles.refund}>
          {view.givenBack}
        </Text>
      )}
    </>
  );
}

function associationText(how: { how: 'auto' | 'manual'; message: string }): string {
  return `${how.how === 'auto' ? LIST_TEXT.associatedAuto : LIST_TEXT.associatedManually}: ${how.message}`;
}

export function PatientCellView({
  transaction,
  links,
}: {
  transaction: Transaction;
  links: TransactionLinks;
}) {
  const styles = useStyles();
  const cell = patientCell(transaction);
  if (cell.kind !== 'link') {
    return (
      <Truncated text={cell.text} width="fill" className={cell.kind === 'name' ? undefined : styles.muted} />
    );
  }
  const how = cell.association;
  return (
    <span className={styles.patient}>
      <Truncated text={cell.text} width="fill">
        <Link href={links.patient(cell.customerId, cell.customerKey)}>{cell.text}</Link>
      </Truncated>
      {how && (
        // A title, not a tooltip: the list's first download stays small (Fluent's tooltip brings its
        // positioning); the text is the image's accessible name either way.
        <span
          role="img"
          className={styles.icon}
          aria-label={associationText(how)}
          title={associationText(how)}
        >
          {how.how === 'auto' ? <SparkleRegular /> : <PersonEditRegular />}
        </span>
      )}
    </span>
  );
}

export interface SourceCellProps {
  transaction: Transaction;
  links: TransactionLinks;
  has: (role: Role) => boolean;
  /** Opens the source in place (the portal's modals); false lets the link lead there. */
  onOpenSource?: (target: LinkedSource) => boolean;
}

export function SourceCell({ transaction, links, has, onOpenSource }: SourceCellProps) {
  const notify = useNotify();
  const label = SOURCE_LABELS[transaction.source];
  const target = sourceTarget(transaction);
  const terminal =
    transaction.source === 'TERMINAL' && transaction.terminalDescription ? (
      <Truncated text={transaction.terminalDescription} width="fill" muted />
    ) : null;
  if (!target || !has(target.role)) {
    return (
      <>
        <Truncated text={label} width="fill" />
        {terminal}
      </>
    );
  }
  if (target.kind === 'paymentRequestUnknown') {
    // The spec's sentence: the request is found from the patient's profile.
    return (
      <Truncated text={label} width="fill">
        <Link as="button" onClick={() => notify({ intent: 'info', message: LIST_TEXT.viewRequestElsewhere })}>
          {label}
        </Link>
      </Truncated>
    );
  }
  const open = (event: MouseEvent) => {
    if (onOpenSource?.(target)) event.preventDefault();
  };
  return (
    <Truncated text={label} width="fill">
      <Link href={links.source(target)} onClick={open}>
        {label}
      </Link>
    </Truncated>
  );
}

export function PaymentMethodCell({ transaction }: { transaction: Transaction }) {
  const styles = useStyles();
  const text = paymentMethodOf(transaction);
  const number = transaction.cardDescription;
  if (!number || !text.endsWith(` ${number}`)) return <Truncated text={text} width="fill" />;
  return (
    <span className={styles.method} title={text}>
      <span className={styles.brand}>{text.slice(0, -number.length - 1)}</span>{' '}
      <span className={styles.number}>{number}</span>
    </span>
  );
}

export interface SyncCellProps {
  transaction: Transaction;
  /** Retry a failed posting; absent for someone who may not. */
  onRetry?: () => Promise<unknown>;
}

export function SyncCell({ transaction, onRetry }: SyncCellProps) {
  const styles = useStyles();
  const [retrying, setRetrying] = useState(false);
  const view = syncView(transaction);
  if (view === 'none') return <span className={styles.muted}>{LIST_TEXT.syncNone}</span>;
  const badge =
    view === 'posted' ? (
      <Badge appearance="tint" color="success" icon={<CloudCheckmarkRegular />}>
        {LIST_TEXT.syncPosted}
      </Badge>
    ) : view === 'failed' ? (
      <Badge appearance="tint" color="danger" icon={<CloudDismissRegular />}>
        {LIST_TEXT.syncFailed}
      </Badge>
    ) : (
      <Badge appearance="tint" color="informative" icon={<ClockRegular />}>
        {LIST_TEXT.syncPending}
      </Badge>
    );
  const hint =
    view === 'posted'
      ? LIST_TEXT.syncPostedHint
      : view === 'failed'
        ? LIST_TEXT.syncFailedHint
        : LIST_TEXT.syncPendingHint;
  return (
    <span className={styles.sync} data-sync={view}>
      <span title={hint}>{badge}</span>
      {view === 'failed' && onRetry && (
        <Button
          size="small"
          disabled={retrying}
          aria-label={LIST_TEXT.retryFor(transactionIdOf(transaction.referenceId))}
          onClick={() => {
            setRetrying(true);
            void onRetry().finally(() => setRetrying(false));
          }}
        >
          {LIST_TEXT.retry}
        </Button>
      )}
    </span>
  );
}
