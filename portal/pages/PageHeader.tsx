/** A screen's heading (its one h1) and what it is for; the browser tab says where the person is. */
import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useDocumentTitle } from '../routing/documentTitle.js';

export { useDocumentTitle };

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalXL,
  },
  titles: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  eyebrow: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
  },
  description: { color: tokens.colorNeutralForeground2, maxWidth: '72ch' },
});

export function PageHeader({
  title,
  eyebrow,
  description,
  actions,
}: {
  title: string;
  eyebrow?: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const styles = useStyles();
  useDocumentTitle(title);
  return (
    <div className={styles.header}>
      <div className={styles.titles}>
        {eyebrow ? <Text className={styles.eyebrow}>{eyebrow}</Text> : null}
        <h1 className={styles.title}>{title}</h1>
        {description ? <Text className={styles.description}>{description}</Text> : null}
      </div>
      {actions}
    </div>
  );
}
