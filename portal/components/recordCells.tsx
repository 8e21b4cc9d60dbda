/**
 * Cells the payment plan and membership tables both show: an amount past due, highlighted when there
 * is one; a value with a muted line under it (a date, a retry). The columns' alignment and how they
 * give way are every list's (widgets/ui/listColumns).
 */
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { WarningFilled } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { formatCurrency } from '../../embed-sdk/format/index.js';

const useStyles = makeStyles({
  stack: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '2px',
    whiteSpace: 'nowrap',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  pastDue: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    whiteSpace: 'nowrap',
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
});

/** An amount past due: a muted $0.00, or the amount in red with a warning sign. */
export function PastDueAmount({ amount }: { amount: number }) {
  const styles = useStyles();
  if (amount <= 0) return <span className={styles.muted}>{formatCurrency(0)}</span>;
  return (
    <span className={styles.pastDue}>
      <WarningFilled aria-hidden />
      {formatCurrency(amount)}
    </span>
  );
}

/** A cell's value with, under it, a smaller muted note when there is one. */
export function WithNote({
  children,
  note,
  className,
}: {
  children: ReactNode;
  note?: ReactNode;
  className?: string;
}) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.stack, className)}>
      {children}
      {note ? (
        <Text size={200} className={styles.muted}>
          {note}
        </Text>
      ) : null}
    </span>
  );
}

/** Nothing to show in a cell. */
export function NoValue() {
  const styles = useStyles();
  return <span className={styles.muted}>—</span>;
}
