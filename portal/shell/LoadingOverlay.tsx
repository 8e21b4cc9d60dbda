/**
 * The full-page loading overlay (spec part 1, section 2): shown while requests that show progress
 * are in flight (the SDK's `progress` events). It fades in after a moment, so that a quick request
 * does not flash the page, but it blocks the page at once, so nothing is clicked twice.
 */
import { useEffect, useState } from 'react';
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
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
  panel: {
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
});

export function LoadingOverlay({ sdk }: { sdk: Pick<Sdk, 'on'> }) {
  const styles = useStyles();
  const [pending, setPending] = useState(0);
  useEffect(() => sdk.on('progress', ({ pending: count }) => setPending(Math.max(0, count))), [sdk]);
  if (pending === 0) return null;
  return (
    <div className={styles.overlay} data-testid="loading-overlay" aria-busy="true">
      <div className={styles.panel}>
        <Spinner label="Loading…" />
      </div>
    </div>
  );
}
