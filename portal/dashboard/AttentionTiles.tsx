/** Open payment requests, past-due payment plans and memberships needing attention, each a way to its list. */
import { useId } from 'react';
import { mergeClasses, Text } from '@fluentui/react-components';
import type { Attention } from '../../embed-sdk/contract/dashboard.js';
import { formatCurrency } from '../../embed-sdk/format/index.js';
import { ATTENTION_LINKS } from './attentionLinks.js';
import { useDashboardStyles } from './dashboard.styles.js';

interface Tile {
  key: keyof Attention;
  title: string;
  count: number;
  detail: string;
  action: string;
}

function tilesOf(attention: Attention): Tile[] {
  const { openPaymentRequests: requests, pastDuePaymentPlans: plans } = attention;
  const memberships = attention.membershipsNeedingAttention;
  const reasons = [
    memberships.pastDue ? `${memberships.pastDue} past due` : null,
    memberships.cardExpiring ? `${memberships.cardExpiring} with a card expiring` : null,
    memberships.awaitingPatient ? `${memberships.awaitingPatient} awaiting enrollment` : null,
  ].filter(Boolean);
  return [
    {
      key: 'openPaymentRequests',
      title: 'Open payment requests',
      count: requests.count,
      detail: requests.count ? `${formatCurrency(requests.amount)} requested` : 'Nothing waiting to be paid',
      action: 'View payment requests',
    },
    {
      key: 'pastDuePaymentPlans',
      title: 'Past-due payment plans',
      count: plans.count,
      detail: plans.count ? `${formatCurrency(plans.amount)} past due` : 'Every plan is up to date',
      action: 'View past-due plans',
    },
    {
      key: 'membershipsNeedingAttention',
      title: 'Memberships needing attention',
      count: memberships.count,
      detail: reasons.length ? reasons.join(' · ') : 'Every membership is in good standing',
      action: 'View memberships',
    },
  ];
}

export function AttentionTiles({ attention }: { attention: Attention }) {
  const styles = useDashboardStyles();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Needs attention
      </h2>
      <div className={styles.tiles}>
        {tilesOf(attention).map((tile) => (
          <a
            key={tile.key}
            href={ATTENTION_LINKS[tile.key]}
            className={mergeClasses(
              styles.card,
              styles.tile,
              tile.count > 0 ? styles.tileAlert : styles.tileClear,
            )}
            data-attention={tile.key}
          >
            <Text className={styles.tileTitle}>{tile.title}</Text>
            <Text className={styles.tileCount} data-testid="count">
              {tile.count.toLocaleString('en-US')}
            </Text>
            <Text className={styles.detail}>{tile.detail}</Text>
            <Text className={styles.tileAction} aria-hidden>
              {tile.action} ›
            </Text>
          </a>
        ))}
      </div>
    </section>
  );
}
