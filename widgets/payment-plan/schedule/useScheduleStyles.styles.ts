/** The schedule table's look: theme tokens only, so it follows light and dark. */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useScheduleStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  scroller: { overflowX: 'auto', minWidth: 0 },
  // Columns size to their content; the date column takes what is left.
  table: { minWidth: '600px', tableLayout: 'auto' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  numberColumn: { width: '112px' },
  headerNumber: { justifyContent: 'flex-end', textAlign: 'right' },
  actionCell: { width: '150px' },
  cycleCell: { width: '120px', whiteSpace: 'nowrap' },
  dateCell: { paddingTop: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS },
  dateStack: { display: 'flex', flexDirection: 'column', gap: '2px' },
  subtitle: { color: tokens.colorNeutralForeground3 },
  today: { color: tokens.colorPaletteDarkOrangeForeground1, fontWeight: tokens.fontWeightSemibold },
  done: { color: tokens.colorNeutralForeground3 },
  editRow: { backgroundColor: tokens.colorNeutralBackground2, verticalAlign: 'top' },
  editCell: {
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
    verticalAlign: 'top',
  },
  // Text cells beside the inputs line up with the inputs' text.
  editText: { paddingTop: '14px' },
  editDate: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxWidth: '230px' },
  amountInput: { width: '112px' },
  amountField: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' },
  editActions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});
