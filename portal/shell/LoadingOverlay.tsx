/**
 * The full-page loading overlay (spec part 1, section 2): shown while requests that show progress
 * are in flight (the SDK's `progress` events). It fades in after a moment, so that a quick request
 * does not flash the page, but it blocks the page at once, so nothing is clicked twice.
 *
 * Over an open dialog it blocks without dimming or a spinner: the dialog's own button shows that its
 * action is under way, and a modal that went grey after each of its actions looked broken.
 */
import { useEffect, useState } from 'react';
import { makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import type { Sdk } from '../../embed-sdk/index.js';

const useStyles = makeStyles({
  overlay: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000050,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorBackgroundOverlay,
    cursor: 'progress',
    animationName: { from: { opacity: 0 }, to: { opacity: 1 } },
    animationDuration: '200ms',
    animationDelay: '250ms',
    animationFillMode: 'both',
  },
  overDialog: { backgroundColor: 'transparent', animationName: 'none' },
  panel: {
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
});

/** A modal dialog is open (Fluent renders dialogs in the document's body, the portal's widgets too). */
function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]') !== null;
}

export function LoadingOverlay({ sdk }: { sdk: Pick<Sdk, 'on'> }) {
  const styles = useStyles();
  const [state, setState] = useState({ pending: 0, overDialog: false });
  useEffect(
    () =>
      sdk.on('progress', ({ pending }) =>
        setState({ pending: Math.max(0, pending), overDialog: pending > 0 && dialogOpen() }),
      ),
    [sdk],
  );
  if (state.pending === 0) return null;
  return (
    <div
      className={mergeClasses(styles.overlay, state.overDialog && styles.overDialog)}
      data-testid="loading-overlay"
      data-over-dialog={state.overDialog || undefined}
      aria-busy="true"
    >
      {state.overDialog ? null : (
        <div className={styles.panel}>
          <Spinner label="Loading…" />
        </div>
      )}
    </div>
  );
}
