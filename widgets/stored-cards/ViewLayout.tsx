/** A dialog view's frame: the widget's banners and the view's content, then its actions. */
import type { ReactNode } from 'react';
import { DialogActions, DialogContent, makeStyles, tokens } from '@fluentui/react-components';
import { DialogBanners } from './DialogBanners.js';

const useStyles = makeStyles({
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingBottom: tokens.spacingVerticalS,
  },
  actions: { alignItems: 'center' },
  start: { marginRight: 'auto' },
});

export function ViewLayout({
  children,
  actions,
  start,
}: {
  children: ReactNode;
  /** The view's buttons, at the end of the row. */
  actions?: ReactNode;
  /** A link or button at the start of the actions row. */
  start?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <>
      <DialogContent className={styles.content}>
        <DialogBanners />
        {children}
      </DialogContent>
      {actions || start ? (
        <DialogActions fluid className={styles.actions}>
          {start ? <span className={styles.start}>{start}</span> : null}
          {actions}
        </DialogActions>
      ) : null}
    </>
  );
}
