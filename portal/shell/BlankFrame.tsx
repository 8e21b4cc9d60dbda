/**
 * The blank shell's frame (spec part 1, section 2), without a router: the logo above a card that
 * holds the page. The portal's BlankLayout puts its routes in it; the patient's own entry
 * (portal/patient/), which has no router, puts its one page in it.
 */
import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ScreenBoundary } from '../routing/ScreenBoundary.js';
import { Logo } from './Logo.js';

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
    padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXXL}`,
    boxSizing: 'border-box',
    // A phone (a patient's link from a text) keeps its width for the text, not for the frame.
    '@media (max-width: 480px)': {
      padding: `0 ${tokens.spacingHorizontalS} ${tokens.spacingVerticalXL}`,
    },
  },
  header: {
    width: 'min(760px, 100%)',
    padding: `${tokens.spacingVerticalXL} 0`,
    '@media (max-width: 480px)': { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS}` },
  },
  home: {
    display: 'inline-flex',
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
  main: {
    width: 'min(760px, 100%)',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
    '@media (max-width: 480px)': { padding: tokens.spacingHorizontalL },
  },
});

export interface BlankFrameProps {
  /** A new key (a new address) gives the page a fresh error boundary. */
  boundaryKey: string;
  /**
   * Where the logo leads: the portal's home for staff. A patient's page passes null: its logo leads
   * nowhere (the portal's home is a staff sign-in, of no use to a patient).
   */
  home?: string | null;
  children: ReactNode;
}

export function BlankFrame({ boundaryKey, home = '/#/dashboard', children }: BlankFrameProps) {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {home === null ? (
          <Logo />
        ) : (
          <a className={styles.home} href={home} aria-label="Chairside home">
            <Logo />
          </a>
        )}
      </header>
      <main className={styles.main}>
        <ScreenBoundary key={boundaryKey}>{children}</ScreenBoundary>
      </main>
    </div>
  );
}
