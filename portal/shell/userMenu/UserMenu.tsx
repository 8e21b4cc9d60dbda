/** The user menu: the entries of userMenuEntries, in order, with the version at the bottom. */
import { useState } from 'react';
import {
  Avatar,
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemLink,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
  type MenuProps,
} from '@fluentui/react-components';
import {
  BuildingMultiple20Regular,
  ChevronDown16Regular,
  Person20Regular,
  PeopleTeam20Regular,
  QuestionCircle20Regular,
  Settings20Regular,
  ShieldKeyhole20Regular,
  SignOut20Regular,
  Building20Regular,
  WeatherMoon20Regular,
  WeatherSunny20Regular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useSession } from '../../session/SessionContext.js';
import { gatewayLabel } from '../gatewayLabel.js';
import { usePortalConfiguration } from '../../boot/PortalConfiguration.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { asThemeName, THEME_CHOICES } from '../../theme/themeChoices.js';
import { userMenuEntries } from './userMenuEntries.js';

const ICONS: Record<string, ReactElement> = {
  admin: <ShieldKeyhole20Regular />,
  practiceAdmin: <Building20Regular />,
  dentists: <BuildingMultiple20Regular />,
  profile: <Person20Regular />,
  settings: <Settings20Regular />,
  support: <QuestionCircle20Regular />,
  membershipAdmin: <PeopleTeam20Regular />,
  light: <WeatherSunny20Regular />,
  dark: <WeatherMoon20Regular />,
};

const useStyles = makeStyles({
  trigger: {
    maxWidth: '300px',
    paddingInline: tokens.spacingHorizontalS,
    minWidth: 0,
    gap: tokens.spacingHorizontalS,
  },
  who: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    minWidth: 0,
    textAlign: 'start',
    lineHeight: tokens.lineHeightBase200,
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '180px' },
  company: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    maxWidth: '180px',
    color: tokens.colorNeutralForeground3,
  },
  version: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular },
  practice: { display: 'flex', flexDirection: 'column' },
  gateway: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  popover: { minWidth: '260px' },
});

export function UserMenu() {
  const styles = useStyles();
  const { session, switchPractice, signOut } = useSession();
  const { theme, setTheme } = useTheme();
  const [switching, setSwitching] = useState(false);
  const entries = userMenuEntries(session, usePortalConfiguration().profileUrl);

  const onChecked: MenuProps['onCheckedValueChange'] = (_event, { name, checkedItems }) => {
    // Kept on this device, as the Theme screen keeps it.
    if (name === 'theme') return setTheme(asThemeName(checkedItems[0]));
    const id = Number(checkedItems[0]);
    if (name !== 'practice' || !id || id === session.companyId || switching) return;
    setSwitching(true);
    void switchPractice(id).then((switched) => {
      if (!switched) setSwitching(false);
    });
  };

  return (
    <Menu
      positioning="below-end"
      checkedValues={{ practice: [String(session.companyId)], theme: [theme] }}
      onCheckedValueChange={onChecked}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          className={styles.trigger}
          icon={<Avatar name={session.name} size={28} color="colorful" aria-hidden="true" />}
          iconPosition="before"
        >
          <span className={styles.who}>
            <Text weight="semibold" className={styles.name}>
              {session.name}
            </Text>
            <Text size={200} className={styles.company}>
              {session.companyName}
            </Text>
          </span>
          <ChevronDown16Regular aria-hidden="true" />
        </Button>
      </MenuTrigger>
      <MenuPopover className={styles.popover}>
        <MenuList>
          {entries.map((entry) => {
            switch (entry.kind) {
              case 'link':
                return (
                  <MenuItemLink key={entry.key} href={entry.href} icon={ICONS[entry.key]}>
                    {entry.label}
                  </MenuItemLink>
                );
              case 'theme':
                return (
                  <MenuGroup key="theme">
                    <MenuDivider />
                    <MenuGroupHeader>Theme</MenuGroupHeader>
                    {THEME_CHOICES.map((choice) => (
                      <MenuItemRadio
                        key={choice.value}
                        name="theme"
                        value={choice.value}
                        icon={ICONS[choice.value]}
                      >
                        {choice.label}
                      </MenuItemRadio>
                    ))}
                  </MenuGroup>
                );
              case 'practices':
                return (
                  <MenuGroup key="practices">
                    <MenuDivider />
                    <MenuGroupHeader>Practices</MenuGroupHeader>
                    {entry.companies.map((company) => (
                      <MenuItemRadio
                        key={company.id}
                        name="practice"
                        value={String(company.id)}
                        disabled={switching}
                      >
                        <span className={styles.practice}>
                          <span>{company.name}</span>
                          <span className={styles.gateway}>{gatewayLabel(company.gatewayCode)}</span>
                        </span>
                      </MenuItemRadio>
                    ))}
                  </MenuGroup>
                );
              case 'logout':
                return (
                  <MenuGroup key="logout">
                    <MenuDivider />
                    <MenuItem icon={<SignOut20Regular />} onClick={() => void signOut()}>
                      Logout
                    </MenuItem>
                  </MenuGroup>
                );
              case 'version':
                return (
                  <MenuGroup key="version">
                    <MenuDivider />
                    <MenuGroupHeader className={styles.version}>{entry.text}</MenuGroupHeader>
                  </MenuGroup>
                );
            }
          })}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
