/**
 * The Transaction Details modal's body (spec part 2, "Transaction detail"): the patient, the source,
 * a check's number, the payment type with its icon, a card's description, expiry and brand, the note
 * with its label; the status with the amount (and the surcharge split), a decline's reason, the
 * transaction ID, date MM/DD/YYYY and time hh:mm:ss A; and for a refund or void a second block with
 * its type, its negative amounts, its own transaction ID, date and time.
 */
import { makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import {
  CheckmarkCircleFilled,
  DismissCircleFilled,
  DocumentTextRegular,
  MoneyRegular,
  PaymentRegular,
} from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { formatDate, formatTime } from '../../../embed-sdk/format/date.js';
import { SOURCE_LABELS } from '../../../embed-sdk/format/transactions.js';
import { CardBrandBadge } from '../../ui/CardBrandBadge.js';
import { CARD_BRAND_NAMES } from '../../ui/cardBrands.js';
import { DetailList } from '../../ui/DetailList.js';
import { DETAILS_TEXT, LIST_TEXT } from '../texts.js';
import { checkNumberOf, expiryOf, patientCell, transactionIdOf } from '../transactionView.js';

const useStyles = makeStyles({
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  approved: { color: tokens.colorPaletteGreenForeground1, fontSize: '28px' },
  declined: { color: tokens.colorPaletteRedForeground1, fontSize: '28px' },
  amount: { marginLeft: 'auto', fontVariantNumeric: 'tabular-nums' },
  reason: { color: tokens.colorPaletteRedForeground1 },
  inline: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  block: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  negative: { fontVariantNumeric: 'tabular-nums' },
});

type Item = readonly [string, ReactNode];

function PaymentType({ t }: { t: Transaction }) {
  const styles = useStyles();
  const icon =
    t.fundingSource === 'CASH' ? (
      <MoneyRegular aria-hidden />
    ) : t.fundingSource === 'CHECK' ? (
      <DocumentTextRegular aria-hidden />
    ) : (
      <PaymentRegular aria-hidden />
    );
  const word =
    t.fundingSource === 'CASH'
      ? LIST_TEXT.cash
      : t.fundingSource === 'CHECK'
        ? LIST_TEXT.check
        : LIST_TEXT.card;
  return (
    <span className={styles.inline}>
      {icon}
      {word}
    </span>
  );
}

/** The amount, or its split: amount, surcharge and total (negative for a refund or void). */
function amountItems(
  parts: { order: number; surcharge: number; total: number },
  split: boolean,
  sign: 1 | -1,
): Item[] {
  const money = (cents: number) => formatCurrency(sign * cents);
  if (!split) return [[DETAILS_TEXT.amount, money(parts.total)]];
  return [
    [DETAILS_TEXT.transactionAmount, money(parts.order)],
    [DETAILS_TEXT.surchargeAmount, money(parts.surcharge)],
    [DETAILS_TEXT.total, money(parts.total)],
  ];
}

function cardItems(t: Transaction, expiry: string | null, inline: string): Item[] {
  const items: Item[] = [];
  if (t.cardDescription) items.push([DETAILS_TEXT.card, t.cardDescription]);
  if (expiry) items.push([DETAILS_TEXT.expires, expiry]);
  if (t.cardType) {
    items.push([
      DETAILS_TEXT.cardBrand,
      <span key="brand" className={inline}>
        <CardBrandBadge cardType={t.cardType} size="small" />
        {CARD_BRAND_NAMES[t.cardType]}
      </span>,
    ]);
  }
  return items;
}

export function DetailsBody({ transaction: t }: { transaction: Transaction }) {
  const styles = useStyles();
  const patient = patientCell(t);
  const checkNumber = checkNumberOf(t);
  const expiry = t.fundingSource === 'CARD' ? expiryOf(t) : null;
  const approved = t.status === 'APPROVED';
  const items: Item[] = [
    ...(patient.kind === 'unassociated' ? [] : ([[DETAILS_TEXT.patient, patient.text]] as Item[])),
    [
      DETAILS_TEXT.source,
      t.source === 'TERMINAL' && t.terminalDescription
        ? `${SOURCE_LABELS[t.source]} (${t.terminalDescription})`
        : SOURCE_LABELS[t.source],
    ],
    ...(checkNumber ? ([[DETAILS_TEXT.checkNumber, checkNumber]] as Item[]) : []),
    [DETAILS_TEXT.paymentType, <PaymentType key="type" t={t} />],
    ...(t.fundingSource === 'CARD' ? cardItems(t, expiry, styles.inline) : []),
    ...(t.note ? ([[t.noteLabel || DETAILS_TEXT.note, t.note]] as Item[]) : []),
  ];
  const split = t.hasSurcharging;
  const result: Item[] = [
    ...(split
      ? amountItems({ order: t.orderAmount, surcharge: t.surchargeAmount, total: t.amount }, true, 1)
      : []),
    ...(!approved && t.reason
      ? ([
          [
            DETAILS_TEXT.reason,
            <span key="r" className={styles.reason}>
              {t.reason}
            </span>,
          ],
        ] as Item[])
      : []),
    [DETAILS_TEXT.transactionId, transactionIdOf(t.referenceId)],
    [DETAILS_TEXT.date, formatDate(t.created)],
    [DETAILS_TEXT.time, formatTime(t.created)],
  ];
  return (
    <>
      <DetailList items={items} />
      <section className={styles.block} aria-label={approved ? DETAILS_TEXT.approved : DETAILS_TEXT.declined}>
        <div className={styles.status}>
          {approved ? (
            <CheckmarkCircleFilled className={styles.approved} aria-hidden />
          ) : (
            <DismissCircleFilled className={styles.declined} aria-hidden />
          )}
          <Subtitle2 as="h3">{approved ? DETAILS_TEXT.approved : DETAILS_TEXT.declined}</Subtitle2>
          <Subtitle2 className={styles.amount}>{formatCurrency(t.amount)}</Subtitle2>
        </div>
        <DetailList items={result} />
      </section>
      {t.refundVoidType && t.refundVoidAmount !== null && (
        <section className={styles.block} aria-label={DETAILS_TEXT.refundVoid}>
          <div className={styles.status}>
            <Subtitle2 as="h3">
              {t.refundVoidType === 'VOIDED' ? DETAILS_TEXT.voided : DETAILS_TEXT.refunded}
            </Subtitle2>
            <Text className={styles.negative}>{formatCurrency(-t.refundVoidAmount)}</Text>
          </div>
          <DetailList
            items={[
              ...amountItems(
                {
                  order: t.refundVoidOrderAmount ?? t.refundVoidAmount,
                  surcharge: t.refundVoidSurchargeAmount ?? 0,
                  total: t.refundVoidAmount,
                },
                (t.refundVoidSurchargeAmount ?? 0) > 0,
                -1,
              ),
              ...(t.refundVoidReferenceId
                ? ([[DETAILS_TEXT.transactionId, transactionIdOf(t.refundVoidReferenceId)]] as Item[])
                : []),
              ...(t.refundVoidDate
                ? ([
                    [DETAILS_TEXT.date, formatDate(t.refundVoidDate)],
                    [DETAILS_TEXT.time, formatTime(t.refundVoidDate)],
                  ] as Item[])
                : []),
            ]}
          />
        </section>
      )}
    </>
  );
}
