/** Styles the result and appointment lists share. */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useListStyles = makeStyles({
  listbox: { display: 'flex', flexDirection: 'column', outlineStyle: 'none' },
  status: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground3,
  },
  sectionHeading: {
    display: 'block',
    margin: 0,
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalL,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
});
