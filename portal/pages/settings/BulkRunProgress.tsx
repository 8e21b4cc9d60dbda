/**
 * A bulk send's progress, then its summary (Settings › Bulk payment requests): how many of its
 * patients are done, sent, failed and skipped, and, once it is finished, each patient who got no
 * request with the reason.
 */
import {
  makeStyles,
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { BulkRun } from '../../../embed-sdk/contract/bulkRequests.js';
import { formatCurrency, formatDateTime } from '../../../embed-sdk/format/index.js';

const useStyles = makeStyles({
  run: {
    display: 'grid',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
  },
  heading: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2 },
  amount: { textAlign: 'right', '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end' } },
});

const OUTCOME = { FAILED: 'Failed', SKIPPED: 'Skipped', PENDING: 'Pending', SENT: 'Sent' } as const;

export function BulkRunProgress({ run }: { run: BulkRun }) {
  const styles = useStyles();
  const done = run.count - run.pending;
  const finished = run.finished !== null;
  const counts = [
    `${run.sent} sent`,
    `${run.failed} failed`,
    ...(run.skipped > 0 ? [`${run.skipped} skipped`] : []),
  ].join(' · ');
  return (
    <section className={styles.run} aria-label={finished ? 'Bulk send summary' : 'Bulk send progress'}>
      <Text className={styles.heading}>
        {finished
          ? `Bulk send of ${formatDateTime(run.created)}: finished`
          : `Sending payment requests… ${done} of ${run.count}`}
      </Text>
      <ProgressBar
        value={run.count === 0 ? 1 : done / run.count}
        thickness="large"
        color={finished ? (run.failed > 0 ? 'warning' : 'success') : 'brand'}
        aria-label={`${done} of ${run.count} patients done`}
      />
      <Text role="status" aria-live="polite">
        {finished ? `${run.count} patients, ${formatCurrency(run.total)} asked: ${counts}.` : counts}
      </Text>
      {run.message ? <Text className={styles.muted}>{`Message: ${run.message}`}</Text> : null}
      {finished && run.notSent.length > 0 ? (
        <Table size="small" aria-label="Not sent">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Patient</TableHeaderCell>
              <TableHeaderCell className={styles.amount}>Amount</TableHeaderCell>
              <TableHeaderCell>Outcome</TableHeaderCell>
              <TableHeaderCell>Why</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {run.notSent.map((item) => (
              <TableRow key={item.patNum}>
                <TableCell>{`${item.name} (#${item.patNum})`}</TableCell>
                <TableCell className={styles.amount}>{formatCurrency(item.amount)}</TableCell>
                <TableCell>{OUTCOME[item.status]}</TableCell>
                <TableCell>{item.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </section>
  );
}
