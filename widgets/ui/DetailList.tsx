/** Label and value pairs, as a description list (the patient page, a transaction's details). */
import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, auto) 1fr',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  // In a narrow card the labels take only their own width, and the values the rest.
  dense: { gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
});

export function DetailList({
  items,
  dense = false,
}: {
  items: readonly (readonly [string, ReactNode])[];
  dense?: boolean;
}) {
  const styles = useStyles();
  return (
    <dl className={mergeClasses(styles.list, dense && styles.dense)}>
      {items.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
