/**
 * The admin shell (spec part 2, section 2): a left sidebar with Dentists (companies), Admin Users,
 * Gateways, Connectors (the Open Dental Service Check), Queues, Anomalies and Notifications (not in the
 * spec's list: added for the screens it names), System Admin
 * (sysadmin), the current company name (to the dashboard) and Logout; the logo links to admin home.
 * The festive light string runs along the top in the weeks before Christmas.
 */
import { Outlet, useLocation } from 'react-router-dom';
import {
  makeStyles,
  NavDrawer,
  NavDrawerBody,
  NavDrawerFooter,
  NavDrawerHeader,
  NavItem,
  tokens,
} from '@fluentui/react-components';
import {
  Building20Regular,
  BuildingMultiple20Regular,
  Stack20Regular,
  Warning20Regular,
  Megaphone20Regular,
  Payment20Regular,
  People20Regular,
  PlugConnected20Regular,
  SignOut20Regular,
  Toolbox20Regular,
  WrenchScrewdriver20Regular,
} from '@fluentui/react-icons';
import { ScreenBoundary } from '../routing/ScreenBoundary.js';
import { useSession } from '../session/SessionContext.js';
import { Logo } from '../shell/Logo.js';
import { SkipToContent } from '../shell/SkipToContent.js';
import { FestiveLights } from './FestiveLights.js';
import { MaintenanceBanner } from '../shell/MaintenanceBanner.js';

const useStyles = makeStyles({
  shell: { flexGrow: 1, display: 'flex', flexDirection: 'column', minHeight: '100vh' },
  row: { flexGrow: 1, display: 'flex', minHeight: 0 },
  // The sidebar stays in view while a long page scrolls, its footer (the practice, Logout) with it.
  sidebar: {
    width: '232px',
    flexShrink: 0,
    position: 'sticky',
    top: 0,
    height: '100vh',
    alignSelf: 'flex-start',
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  home: {
    display: 'inline-flex',
    marginBlock: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    textDecorationLine: 'none',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
  footer: { flexDirection: 'column', alignItems: 'stretch', gap: tokens.spacingVerticalXS },
  main: {
    flexGrow: 1,
    minWidth: 0,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`,
    backgroundColor: tokens.colorNeutralBackground2,
    ':focus': { outlineStyle: 'none' },
  },
});

function selectedItem(pathname: string): string {
  if (/^\/admin\/(compan|newcompany)/i.test(pathname)) return 'companies';
  if (/^\/admin\/adminuser/i.test(pathname)) return 'users';
  if (/^\/admin\/(gateway|bulkApplePayStatus)/i.test(pathname)) return 'gateways';
  if (/^\/admin\/sysadmin/i.test(pathname)) return 'sysadmin';
  if (/^\/admin\/(odServiceCheck|odlog|showTunnelKey|bulkupgrade)/i.test(pathname)) return 'connectors';
  if (/^\/admin\/queues/i.test(pathname)) return 'queues';
  if (/^\/admin\/anomalies/i.test(pathname)) return 'anomalies';
  if (/^\/admin\/notificationManagement/i.test(pathname)) return 'notifications';
  if (/^\/admin\/(specialops|move|importTransactions|postApproval)/i.test(pathname)) return 'specialops';
  return '';
}

export function AdminLayout() {
  const styles = useStyles();
  const { pathname } = useLocation();
  const { session, signOut } = useSession();
  return (
    <div className={styles.shell}>
      <SkipToContent />
      <FestiveLights />
      <div className={styles.row}>
        <NavDrawer
          open
          type="inline"
          className={styles.sidebar}
          selectedValue={selectedItem(pathname)}
          aria-label="Admin navigation"
        >
          <NavDrawerHeader>
            <a className={styles.home} href="#/admin" aria-label="Admin home">
              <Logo tag="Admin" />
            </a>
          </NavDrawerHeader>
          <NavDrawerBody>
            <NavItem value="companies" href="#/admin/companies" icon={<BuildingMultiple20Regular />}>
              Dentists
            </NavItem>
            <NavItem value="users" href="#/admin/adminusers" icon={<People20Regular />}>
              Admin Users
            </NavItem>
            <NavItem value="gateways" href="#/admin/gateways" icon={<Payment20Regular />}>
              Gateways
            </NavItem>
            <NavItem value="connectors" href="#/admin/odServiceCheck" icon={<PlugConnected20Regular />}>
              Connectors
            </NavItem>
            <NavItem value="queues" href="#/admin/queues" icon={<Stack20Regular />}>
              Queues
            </NavItem>
            <NavItem value="anomalies" href="#/admin/anomalies" icon={<Warning20Regular />}>
              Anomalies
            </NavItem>
            <NavItem
              value="notifications"
              href="#/admin/notificationManagement"
              icon={<Megaphone20Regular />}
            >
              Notifications
            </NavItem>
            <NavItem value="specialops" href="#/admin/specialops" icon={<Toolbox20Regular />}>
              Special Ops
            </NavItem>
            <NavItem value="sysadmin" href="#/admin/sysadmin" icon={<WrenchScrewdriver20Regular />}>
              System Admin
            </NavItem>
          </NavDrawerBody>
          <NavDrawerFooter className={styles.footer}>
            <NavItem value="dashboard" href="#/dashboard" icon={<Building20Regular />}>
              {session.companyName}
            </NavItem>
            <NavItem value="logout" icon={<SignOut20Regular />} onClick={() => void signOut()}>
              Logout
            </NavItem>
          </NavDrawerFooter>
        </NavDrawer>
        <main id="main-content" className={styles.main} tabIndex={-1}>
          <MaintenanceBanner />
          <ScreenBoundary key={pathname}>
            <Outlet />
          </ScreenBoundary>
        </main>
      </div>
    </div>
  );
}
