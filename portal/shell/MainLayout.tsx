/**
 * The main shell: top bar, sidebar (a drawer behind the menu button below 1200 px), the user
 * notification banner and the screen. In print only the screen remains (shell/print.ts).
 */
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ScreenBoundary } from '../routing/ScreenBoundary.js';
import { Sidebar } from './sidebar/Sidebar.js';
import { SkipToContent } from './SkipToContent.js';
import { TopBar } from './topBar/TopBar.js';
import { useSidebarCollapsed } from './useMediaQuery.js';
import { MaintenanceBanner } from './MaintenanceBanner.js';
import { usePrintStyles } from './print.js';
import { UserNotificationBanner } from './userNotification/UserNotificationBanner.js';

const useStyles = makeStyles({
  shell: { flexGrow: 1, display: 'flex', flexDirection: 'column', minHeight: '100vh' },
  body: {
    flexGrow: 1,
    display: 'flex',
    minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground2,
    '@media print': { backgroundColor: 'transparent' },
  },
  main: {
    flexGrow: 1,
    minWidth: 0,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`,
    ':focus': { outlineStyle: 'none' },
    '@media print': { padding: 0 },
  },
  content: { maxWidth: '1280px', marginInline: 'auto' },
});

export function MainLayout() {
  const styles = useStyles();
  const print = usePrintStyles();
  const collapsed = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!collapsed) setDrawerOpen(false);
  }, [collapsed]);

  return (
    <div className={styles.shell}>
      <div className={print.noPrintWrapper}>
        <SkipToContent />
        <TopBar onOpenNavigation={collapsed ? () => setDrawerOpen(true) : undefined} />
      </div>
      <div className={styles.body}>
        <div className={print.noPrintWrapper}>
          <Sidebar
            type={collapsed ? 'overlay' : 'inline'}
            open={collapsed ? drawerOpen : true}
            onOpenChange={setDrawerOpen}
          />
        </div>
        <main id="main-content" className={styles.main} tabIndex={-1}>
          <div className={styles.content}>
            <div className={print.noPrintWrapper}>
              <MaintenanceBanner />
              <UserNotificationBanner />
            </div>
            <ScreenBoundary key={pathname}>
              <Outlet />
            </ScreenBoundary>
          </div>
        </main>
      </div>
    </div>
  );
}
