/**
 * The Memberships page's tiles (the summary call): active members, monthly recurring revenue,
 * renewals in the next 30 days and the past-due total. The past-due tile filters the list to the
 * past-due memberships. Laid out as the dashboard's cards.
 */
import {
  Link,
  makeStyles,
  mergeClasses,
  Skeleton,
  SkeletonItem,
  Text,
  tokens,
} from '@fluentui/react-components';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { useDashboardStyles } from '../../dashboard/dashboard.styles.js';
import { useMembershipSummary } from './useMemberships.js';

const useStyles = makeStyles({
  section: { marginBottom: tokens.spacingVerticalXL },
  // The four tiles in one row from 1024 px up, two by two where the window is narrower: never three
  // and one (the dashboard's 240 px columns wrapped 3 + 1 at 1024).
  cards: {
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    '@media (max-width: 900px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function MembershipSummaryTiles({ onPastDue }: { onPastDue: () => void }) {
  const styles = useDashboardStyles();
  const local = useStyles();
  const { data, error } = useMembershipSummary();
  if (error && !data) return null;
  const tiles = data
    ? [
        {
          key: 'activeMembers',
          title: 'Active members',
          figure: data.activeMembers.toLocaleString('en-US'),
          detail: `In ${plural(data.activeMemberships, 'active membership', 'active memberships')}`,
        },
        {
          key: 'mrr',
          title: 'Monthly recurring revenue',
          figure: formatCurrency(data.monthlyRecurringRevenue),
          detail: 'Monthly amounts, and yearly ones ÷ 12, before surcharge',
        },
        {
          key: 'renewals',
          title: 'Renewals in the next 30 days',
          figure: data.renewalsNext30Days.toLocaleString('en-US'),
          detail: 'Yearly renewals and monthly terms ending',
        },
        {
          key: 'pastDue',
          title: 'Past due',
          figure: formatCurrency(data.pastDueTotal),
          detail: data.pastDueCount ? (
            <Link as="button" onClick={onPastDue}>
              {`${plural(data.pastDueCount, 'membership', 'memberships')} past due ›`}
            </Link>
          ) : (
            'Every membership is up to date'
          ),
        },
      ]
    : null;
  return (
    <section className={mergeClasses(styles.section, local.section)} aria-label="Membership summary">
      <div className={mergeClasses(styles.cards, local.cards)}>
        {tiles
          ? tiles.map((tile) => (
              <div key={tile.key} className={styles.card} role="group" aria-label={tile.title}>
                <h3 className={styles.cardTitle}>{tile.title}</h3>
                <Text className={styles.figure}>{tile.figure}</Text>
                <Text className={styles.detail}>{tile.detail}</Text>
              </div>
            ))
          : [0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className={styles.card} aria-label="Loading the summary">
                <SkeletonItem size={16} />
                <SkeletonItem size={40} />
              </Skeleton>
            ))}
      </div>
    </section>
  );
}
