/**
 * The top bar: the menu button (below 1200 px), the logo, the patient search (the widget placed as
 * a React component), the bell and the user menu.
 */
import { useNavigate } from 'react-router-dom';
import { Hamburger, makeStyles, tokens } from '@fluentui/react-components';
import type { PatientSelectedDetail } from '../../../embed-sdk/index.js';
import { PatientSearch } from '../../../widgets/patient-search/index.js';
import { NotificationBell } from '../bell/NotificationBell.js';
import { Logo } from '../Logo.js';
import { UserMenu } from '../userMenu/UserMenu.js';
import { customerPath } from '../../pages/customer/customerPath.js';
import { TOP_BAR_HEIGHT } from '../shellMetrics.js';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    // Its border inside its height: the sidebar, sticky at TOP_BAR_HEIGHT, sits where it starts, and
    // does not move by the border's pixel as the page scrolls (or a dialog's scroll lock moves it).
    boxSizing: 'border-box',
    height: TOP_BAR_HEIGHT,
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    position: 'sticky',
    top: 0,
    zIndex: 10,
  },
  home: {
    display: 'inline-flex',
    borderRadius: tokens.borderRadiusMedium,
    textDecorationLine: 'none',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
  search: { flexGrow: 1, flexShrink: 1, minWidth: '200px', maxWidth: '560px', marginInline: 'auto' },
  end: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexShrink: 0 },
});

export function TopBar({ onOpenNavigation }: { onOpenNavigation?: () => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const onPatientSelected = (patient: PatientSelectedDetail) => {
    if (patient.id !== null) navigate(customerPath(patient.id, patient.key));
  };
  return (
    <header className={styles.bar}>
      {onOpenNavigation ? <Hamburger aria-label="Open navigation" onClick={onOpenNavigation} /> : null}
      <a className={styles.home} href="#/dashboard" aria-label="Chairside home">
        <Logo />
      </a>
      <div className={styles.search} role="search" aria-label="Patients">
        <PatientSearch onPatientSelected={onPatientSelected} />
      </div>
      <div className={styles.end}>
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
