/**
 * The blank shell (spec part 1, section 2): no sidebar and no top bar tools, for the terms of
 * service, the error and not-found pages and the public payment page.
 */
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
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

export function BlankLayout({ children }: { children?: ReactNode }) {
  const styles = useStyles();
  const { pathname } = useLocation();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <a className={styles.home} href="#/dashboard" aria-label="Chairside home">
          <Logo />
        </a>
      </header>
      <main className={styles.main}>
        <ScreenBoundary key={pathname}>{children ?? <Outlet />}</ScreenBoundary>
      </main>
    </div>
  );
}
