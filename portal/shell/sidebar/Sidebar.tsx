/**
 * The main navigation: the signed-in user's items (sidebarItems), the active one following the
 * route, under the current practice's name. Inline from 1200 px; below, an overlay drawer opened by
 * the top bar's menu button.
 */
import { useLocation } from 'react-router-dom';
import {
  Button,
  makeStyles,
  NavDrawer,
  NavDrawerBody,
  NavDrawerHeader,
  NavItem,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowSwap20Regular,
  Board20Regular,
  CalendarLtr20Regular,
  DataBarVertical20Regular,
  DismissRegular,
  Mail20Regular,
  PeopleTeam20Regular,
  ShieldTask20Regular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useSession } from '../../session/SessionContext.js';
import { TOP_BAR_HEIGHT } from '../shellMetrics.js';
import { gatewayLabel } from '../gatewayLabel.js';
import { activeSidebarItem, sidebarItems, type SidebarItemKey } from './sidebarItems.js';

const ICONS: Record<SidebarItemKey, ReactElement> = {
  dashboard: <Board20Regular />,
  reports: <DataBarVertical20Regular />,
  transactions: <ArrowSwap20Regular />,
  paymentRequests: <Mail20Regular />,
  paymentPlans: <CalendarLtr20Regular />,
  memberships: <PeopleTeam20Regular />,
  reimbursements: <ShieldTask20Regular />,
};

const useStyles = makeStyles({
  // The inline drawer stays in place, under the top bar and as tall as the window, however long the
  // page: Fluent's drawer stops at the window's height and would scroll away with the page, leaving
  // the page's background under it. Its own items scroll if the window is shorter than they are.
  inline: {
    width: '240px',
    flexShrink: 0,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    position: 'sticky',
    top: TOP_BAR_HEIGHT,
    alignSelf: 'flex-start',
    height: `calc(100vh - ${TOP_BAR_HEIGHT})`,
    maxHeight: `calc(100vh - ${TOP_BAR_HEIGHT})`,
    overflowY: 'auto',
  },
  header: {
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  practice: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    paddingBlock: tokens.spacingVerticalS,
  },
  practiceName: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  practiceSystem: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export function Sidebar({
  type,
  open = true,
  onOpenChange,
}: {
  type: 'inline' | 'overlay';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const styles = useStyles();
  const { session } = useSession();
  const { pathname } = useLocation();
  const items = sidebarItems(session);
  const overlay = type === 'overlay';
  return (
    <NavDrawer
      type={type}
      open={open}
      onOpenChange={(_e, data) => onOpenChange?.(data.open)}
      selectedValue={activeSidebarItem(pathname) ?? ''}
      onNavItemSelect={() => overlay && onOpenChange?.(false)}
      className={overlay ? undefined : styles.inline}
      aria-label="Main navigation"
    >
      <NavDrawerHeader>
        <div className={styles.header}>
          <div className={styles.practice}>
            <Text className={styles.practiceName} data-testid="practice-name">
              {session.companyName}
            </Text>
            <Text className={styles.practiceSystem}>{gatewayLabel(session.gatewayCode)}</Text>
          </div>
          {overlay ? (
            <Button
              appearance="subtle"
              aria-label="Close navigation"
              icon={<DismissRegular />}
              onClick={() => onOpenChange?.(false)}
            />
          ) : null}
        </div>
      </NavDrawerHeader>
      <NavDrawerBody>
        {items.map((item) => (
          <NavItem key={item.key} value={item.key} href={`#${item.path}`} icon={ICONS[item.key]}>
            {item.label}
          </NavItem>
        ))}
      </NavDrawerBody>
    </NavDrawer>
  );
}
