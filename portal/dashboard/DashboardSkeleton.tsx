/** The dashboard's shape while its figures load: three cards, three tiles, two panels. */
import { Skeleton, SkeletonItem } from '@fluentui/react-components';
import { useDashboardStyles } from './dashboard.styles.js';

export function DashboardSkeleton() {
  const styles = useDashboardStyles();
  const cards = (count: number) =>
    Array.from({ length: count }, (_, i) => (
      <div key={i} className={styles.card}>
        <SkeletonItem size={16} style={{ width: '40%' }} />
        <SkeletonItem size={40} style={{ width: '70%' }} />
        <SkeletonItem size={12} style={{ width: '55%' }} />
      </div>
    ));
  return (
    <div className={styles.page} role="status" aria-live="polite">
      <span className={styles.visuallyHidden}>Loading the dashboard…</span>
      <Skeleton aria-hidden className={styles.page}>
        <div className={styles.cards}>{cards(3)}</div>
        <div className={styles.tiles}>{cards(3)}</div>
        <div className={styles.breakdowns}>
          <div className={styles.card}>
            <SkeletonItem size={16} style={{ width: '30%' }} />
            <SkeletonItem size={128} />
          </div>
          <div className={styles.card}>
            <SkeletonItem size={16} style={{ width: '30%' }} />
            <SkeletonItem size={128} />
          </div>
        </div>
      </Skeleton>
    </div>
  );
}
