/** New Membership's layout, shared by its parts: groups of fields, and each enrollee as one grid row. */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useNewMembershipStyles = makeStyles({
  surface: { maxWidth: '720px', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  groupTitle: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(140px, 1fr) minmax(180px, 1.4fr) 72px 96px 32px',
    gap: tokens.spacingHorizontalS,
    alignItems: 'start',
  },
  lineTotal: { paddingTop: '6px', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  total: { display: 'flex', justifyContent: 'space-between', fontWeight: tokens.fontWeightSemibold },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  hint: { color: tokens.colorNeutralForeground3 },
  agreement: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
});
