/** Today, this week and this month: what the practice kept, how many payments, and refunds. */
import { useId } from 'react';
import { Text } from '@fluentui/react-components';
import type { CollectionPeriod, PeriodCollections } from '../../embed-sdk/contract/dashboard.js';
import { formatCurrency, formatDate } from '../../embed-sdk/format/index.js';
import { useDashboardStyles } from './dashboard.styles.js';
import { PERIOD_LABELS, PERIODS, paymentsLabel } from './labels.js';

export function CollectionCards({ periods }: { periods: Record<CollectionPeriod, PeriodCollections> }) {
  const styles = useDashboardStyles();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Collections
      </h2>
      <div className={styles.cards}>
        {PERIODS.map((period) => (
          <CollectionCard key={period} period={period} collections={periods[period]} />
        ))}
      </div>
    </section>
  );
}

function CollectionCard({
  period,
  collections,
}: {
  period: CollectionPeriod;
  collections: PeriodCollections;
}) {
  const styles = useDashboardStyles();
  const titleId = useId();
  const { totals, startDate } = collections;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-period={period}>
      <h3 id={titleId} className={styles.cardTitle}>
        {PERIOD_LABELS[period].title}
      </h3>
      <Text className={styles.figure} data-testid="net">
        {formatCurrency(totals.net)}
      </Text>
      <Text className={styles.detail}>
        {totals.count === 0 ? 'No payments yet' : paymentsLabel(totals.count)}
        {period === 'today' ? '' : ` since ${formatDate(startDate)}`}
      </Text>
      {totals.refunded > 0 ? (
        <Text className={styles.refunded}>{formatCurrency(totals.refunded)} refunded</Text>
      ) : null}
      {totals.surcharge !== 0 ? (
        <Text className={styles.detail}>Includes {formatCurrency(totals.surcharge)} in surcharges</Text>
      ) : null}
    </article>
  );
}
