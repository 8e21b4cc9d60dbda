/**
 * The schedule a new plan would have, as the server previews it: one row per cycle (the down
 * payment first, billed today), with the surcharge and each payment's total when the plan's card is
 * a credit card at a surcharging practice, and the plan total underneath.
 */
import {
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { MONEY_COLUMN } from '../../ui/listColumns.js';
import type { PreviewRow } from '../../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency, formatDate, formatRate } from '../../../embed-sdk/format/index.js';
import { NEW_PLAN_TEXT as T } from './texts.js';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    minHeight: '24px',
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  scroll: {
    maxHeight: '260px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  stale: { opacity: 0.55 },
  money: MONEY_COLUMN,
  total: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
  hint: { color: tokens.colorNeutralForeground3 },
  note: { color: tokens.colorNeutralForeground2 },
});

export interface SchedulePreviewProps {
  schedule: { rows: PreviewRow[]; hasSurcharge: boolean; surchargeRateBps: number } | undefined;
  error: string | undefined;
  pending: boolean;
  isCash: boolean;
}

export function SchedulePreview({ schedule, error, pending, isCash }: SchedulePreviewProps) {
  const styles = useStyles();
  const rows = schedule?.rows ?? [];
  const surcharged = schedule?.hasSurcharge === true;
  const sum = (pick: (r: PreviewRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const down = rows.find((r) => r.isDownPayment);
  return (
    <section className={styles.section} aria-label={T.schedule} aria-busy={pending}>
      <div className={styles.heading}>
        <h3 className={styles.title}>{T.schedule}</h3>
        {pending ? <Spinner size="extra-tiny" label={T.updating} labelPosition="before" /> : null}
      </div>
      {error ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{`${T.previewFailed} ${error}`}</MessageBarBody>
        </MessageBar>
      ) : !schedule ? (
        pending ? null : (
          <Text className={styles.hint}>{T.scheduleHint}</Text>
        )
      ) : (
        <>
          <div className={mergeClasses(styles.scroll, pending && styles.stale)}>
            <Table size="small" aria-label="Schedule preview">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{T.cycle}</TableHeaderCell>
                  <TableHeaderCell>{T.date}</TableHeaderCell>
                  <TableHeaderCell className={styles.money}>{T.amount}</TableHeaderCell>
                  {surcharged ? (
                    <>
                      <TableHeaderCell className={styles.money}>{T.surcharge}</TableHeaderCell>
                      <TableHeaderCell className={styles.money}>{T.cycleTotal}</TableHeaderCell>
                    </>
                  ) : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={`${r.cycle}-${r.billingDate}`}>
                    <TableCell>{r.isDownPayment ? T.downPaymentRow : r.cycle}</TableCell>
                    <TableCell>{formatDate(r.billingDate)}</TableCell>
                    <TableCell className={styles.money}>{formatCurrency(r.amountDue)}</TableCell>
                    {surcharged ? (
                      <>
                        <TableCell className={styles.money}>{formatCurrency(r.surcharge)}</TableCell>
                        <TableCell className={styles.money}>{formatCurrency(r.total)}</TableCell>
                      </>
                    ) : null}
                  </TableRow>
                ))}
                <TableRow className={styles.total}>
                  <TableCell>{T.scheduleTotal}</TableCell>
                  <TableCell>{T.cycles(rows.filter((r) => !r.isDownPayment).length)}</TableCell>
                  <TableCell className={styles.money}>{formatCurrency(sum((r) => r.amountDue))}</TableCell>
                  {surcharged ? (
                    <>
                      <TableCell className={styles.money}>
                        {formatCurrency(sum((r) => r.surcharge))}
                      </TableCell>
                      <TableCell className={styles.money}>{formatCurrency(sum((r) => r.total))}</TableCell>
                    </>
                  ) : null}
                </TableRow>
              </TableBody>
            </Table>
          </div>
          {surcharged ? (
            <Text size={200} className={styles.note}>
              {T.surchargeNote(formatRate(schedule.surchargeRateBps))}
            </Text>
          ) : null}
          {down ? (
            <Text size={200} className={styles.note}>
              {isCash
                ? T.downPaymentCash(formatCurrency(down.amountDue))
                : T.downPaymentCard(formatCurrency(surcharged ? down.total : down.amountDue))}
            </Text>
          ) : null}
        </>
      )}
    </section>
  );
}
