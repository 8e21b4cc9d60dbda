/**
 * The dropdown under the search box: the completed appointments while nothing is typed, the results
 * once something is, and the Add Patient action. It stays in the DOM while closed (hidden), so the
 * combobox's aria-controls always names a list box that exists.
 */
import type { ReactNode } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { PersonAddRegular } from '@fluentui/react-icons';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  popup: {
    position: 'absolute',
    top: `calc(100% + ${tokens.spacingVerticalXS})`,
    left: 0,
    right: 0,
    zIndex: 10,
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '420px',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
  },
  hidden: { display: 'none' },
  scroll: { overflowY: 'auto', paddingBlock: tokens.spacingVerticalXS },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  keys: {
    paddingInline: tokens.spacingHorizontalS,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground3,
  },
});

export interface SearchPopupProps {
  open: boolean;
  state: string;
  /** Editing is possible: the footer names its key. */
  canEdit: boolean;
  hasOptions: boolean;
  addOffered: boolean;
  onAdd: () => void;
  children: ReactNode;
}

export function SearchPopup({
  open,
  state,
  canEdit,
  hasOptions,
  addOffered,
  onAdd,
  children,
}: SearchPopupProps) {
  const styles = useStyles();
  const showKeys = hasOptions;
  return (
    <div
      className={open ? styles.popup : styles.hidden}
      data-state={state}
      data-testid="patient-search-popup"
      // Clicks in the list keep the focus in the search box, where the keyboard works.
      onMouseDown={(event) => event.preventDefault()}
    >
      <div className={styles.scroll}>{children}</div>
      {addOffered || showKeys ? (
        <div className={styles.footer}>
          <span className={styles.keys} aria-hidden>
            {showKeys ? `↑↓ to move · Enter to open${canEdit ? ' · F2 to edit' : ''}` : ''}
          </span>
          {addOffered ? (
            <Button appearance="primary" size="small" icon={<PersonAddRegular />} onClick={onAdd}>
              {TEXT.addPatient}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
