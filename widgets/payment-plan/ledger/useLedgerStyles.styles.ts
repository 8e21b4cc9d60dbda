/** The ledger table's look: theme tokens only, so it follows light and dark. */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useLedgerStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  scroller: { overflowX: 'auto', minWidth: 0 },
  // Columns size to their content; the description and reason take what is left.
  table: { minWidth: '820px', tableLayout: 'auto' },
  header: { whiteSpace: 'nowrap' },
  empty: {
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground2,
    textAlign: 'center',
    border: `1px dashed ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  stack: { display: 'flex', flexDirection: 'column', gap: '2px', paddingTop: '6px', paddingBottom: '6px' },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  card: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  headerNumber: { justifyContent: 'flex-end', textAlign: 'right' },
  status: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px' },
  actionCell: { width: '56px' },
  dateCell: { width: '112px' },
});
