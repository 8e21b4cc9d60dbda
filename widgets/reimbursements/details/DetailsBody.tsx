/**
 * Reimbursement Details' body (spec part 2, "Insurance reimbursements"): the four totals
 * (Reimbursement, Write Off, Requested, Request Paid), how and when the carrier paid; the procedures
 * the carrier paid (date, code, name, reimbursement, written off, requested: only those whose
 * amountToPay is above 0); and a row per patient (patient, procedure count, deductible, reimbursed,
 * written off, requested, paid) linking to the payment request of their share.
 */
import {
  Link,
  makeStyles,
  mergeClasses,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import type { InsurancePayment, InsurancePaymentDetail } from '../../../embed-sdk/contract/insurance.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { formatDate } from '../../../embed-sdk/format/date.js';
import { DetailPanel, PanelGrid, PanelLine } from '../../ui/DetailPanels.js';
import { ListScroll } from '../../ui/ListFrame.js';
import { Truncated, useListColumns, useListTableStyles } from '../../ui/listColumns.js';
import type { ReimbursementLinks } from '../links.js';
import { paymentMethodOf } from '../reimbursementView.js';
import { DETAILS_TEXT as T } from '../texts.js';

const useStyles = makeStyles({
  figure: {
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
  total: { fontWeight: tokens.fontWeightSemibold },
  heading: { margin: 0 },
  // The procedure's name and the patient take what the figures leave.
  wide: { width: '45%' },
});

export interface DetailsBodyProps {
  payment: InsurancePayment;
  links: ReimbursementLinks;
  /** Opens a share's payment request in place (the portal's modal); false lets its link lead there. */
  onOpenRequest?: (notificationId: string) => boolean;
}

const nameOf = (d: Pick<InsurancePaymentDetail, 'firstName' | 'lastName'>) => `${d.firstName} ${d.lastName}`;

function Figure({ label, cents, children }: { label: string; cents: number; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <DetailPanel label={label}>
      <Text className={styles.figure}>{formatCurrency(cents)}</Text>
      {children}
    </DetailPanel>
  );
}

export function DetailsBody({ payment: p, links, onOpenRequest }: DetailsBodyProps) {
  const styles = useStyles();
  const columns = useListColumns();
  const table = useListTableStyles();
  const paid = p.json.procedures.filter((proc) => proc.amountToPay > 0);
  const open = (id: string) => (event: MouseEvent) => {
    if (onOpenRequest?.(id)) event.preventDefault();
  };
  return (
    <>
      <PanelGrid minWidth={150}>
        <Figure label={T.reimbursement} cents={p.reimbursed} />
        <Figure label={T.writeOff} cents={p.writtenOff} />
        <Figure label={T.requested} cents={p.requestedPayment} />
        <Figure label={T.requestPaid} cents={p.paid} />
      </PanelGrid>
      <PanelGrid minWidth={200}>
        <DetailPanel label={T.payment}>
          <Text className={styles.total}>{paymentMethodOf(p)}</Text>
          <PanelLine>{`${T.date} ${formatDate(p.date)}`}</PanelLine>
        </DetailPanel>
        <DetailPanel label={T.carrier}>
          <Text className={styles.total}>{p.json.carrierName}</Text>
          {p.json.planName && <PanelLine>{`${T.plan}: ${p.json.planName}`}</PanelLine>}
        </DetailPanel>
      </PanelGrid>

      <section className={styles.section} aria-label={T.procedures}>
        <Subtitle2 as="h3" className={styles.heading}>
          {T.procedures}
        </Subtitle2>
        {paid.length === 0 ? (
          <Text className={styles.muted}>{T.noProcedures}</Text>
        ) : (
          <ListScroll>
            <Table size="small" aria-label={T.procedures} className={table.table}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell className={columns.nowrap}>{T.procDate}</TableHeaderCell>
                  <TableHeaderCell className={columns.nowrap}>{T.code}</TableHeaderCell>
                  <TableHeaderCell className={mergeClasses(columns.elastic, styles.wide)}>
                    {T.name}
                  </TableHeaderCell>
                  <TableHeaderCell className={columns.money}>{T.reimbursement}</TableHeaderCell>
                  <TableHeaderCell className={columns.money}>{T.writtenOff}</TableHeaderCell>
                  <TableHeaderCell className={columns.money}>{T.requested}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {paid.map((proc, i) => (
                  <TableRow key={`${proc.patientKey ?? ''}-${proc.procCode}-${i}`}>
                    <TableCell className={columns.nowrap}>{formatDate(proc.procDate)}</TableCell>
                    <TableCell className={columns.nowrap}>{proc.procCode}</TableCell>
                    <TableCell className={mergeClasses(columns.elastic, styles.wide)}>
                      <Truncated text={proc.descript} width="fill" />
                    </TableCell>
                    <TableCell className={columns.money}>{formatCurrency(proc.amountToPay)}</TableCell>
                    <TableCell className={columns.money}>{formatCurrency(proc.amountToWriteOff)}</TableCell>
                    <TableCell className={columns.money}>{formatCurrency(proc.amountToCollect)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ListScroll>
        )}
      </section>

      <section className={styles.section} aria-label={T.patients}>
        <Subtitle2 as="h3" className={styles.heading}>
          {T.patients}
        </Subtitle2>
        <ListScroll>
          <Table size="small" aria-label={T.patients} className={table.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell className={columns.elastic}>{T.patient}</TableHeaderCell>
                <TableHeaderCell className={columns.money}>{T.procedureCount}</TableHeaderCell>
                <TableHeaderCell className={columns.money}>{T.deductible}</TableHeaderCell>
                <TableHeaderCell className={columns.money}>{T.reimbursed}</TableHeaderCell>
                <TableHeaderCell className={columns.money}>{T.writtenOff}</TableHeaderCell>
                <TableHeaderCell className={columns.money}>{T.requested}</TableHeaderCell>
                <TableHeaderCell className={columns.money}>{T.paid}</TableHeaderCell>
                <TableHeaderCell className={columns.nowrap}>{T.request}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {p.details.map((d) => (
                <TableRow key={d.customerId} data-customer={d.customerId}>
                  <TableCell className={columns.elastic}>
                    <Truncated text={nameOf(d)} width="fill" />
                  </TableCell>
                  <TableCell className={columns.money}>{d.procCodeCount}</TableCell>
                  <TableCell className={columns.money}>{formatCurrency(d.deductible)}</TableCell>
                  <TableCell className={columns.money}>{formatCurrency(d.reimbursed)}</TableCell>
                  <TableCell className={columns.money}>{formatCurrency(d.writtenOff)}</TableCell>
                  <TableCell className={columns.money}>{formatCurrency(d.requestedPayment)}</TableCell>
                  <TableCell className={columns.money}>{formatCurrency(d.paid)}</TableCell>
                  <TableCell className={columns.nowrap}>
                    {d.notificationId ? (
                      <Link
                        href={links.request(d.notificationId)}
                        onClick={open(d.notificationId)}
                        aria-label={T.openRequest(nameOf(d))}
                      >
                        {T.viewRequest}
                      </Link>
                    ) : (
                      <span className={styles.muted}>{T.noRequest}</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ListScroll>
      </section>
    </>
  );
}
