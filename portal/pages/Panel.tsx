/** A surface for a screen's content: the card the portal's screens are built from. */
import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  panel: {
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  title: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  actions: {
    display: 'flex',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
  },
});

export function Panel({
  title,
  actions,
  children,
  className,
}: {
  title?: string;
  /** Buttons on the right above the content (New Payment Plan…), when the person may use them. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const styles = useStyles();
  return (
    <section className={mergeClasses(styles.panel, className)} aria-label={title}>
      {title ? <h2 className={styles.title}>{title}</h2> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
      {children}
    </section>
  );
}
