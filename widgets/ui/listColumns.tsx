/**
 * How a list's columns give way when the list is narrow, the same on every list and modal table
 * (ListFrame and ListScroll apply the table's part; a table gives each column one of these classes):
 *
 * - `money`: figures, right-aligned under a right-aligned header, on one line, never cut;
 * - `nowrap`: a date, a status pill, a short label: one line, as wide as it needs;
 * - `fit`: a column as narrow as its content (the row's menu, a checkbox);
 * - `elastic`: a long text's column (a patient, a source, a payment method) that shares what the other
 *   columns leave: its content is `Truncated` with `width="fill"`, whole where the list is wide, cut
 *   with an ellipsis where it is narrow, so the table never runs past its box whatever the data;
 * - `secondary`: a column that a person can do without (its value is in the record's details): it
 *   hides when the list is narrower than `WIDE_LIST` (a 1024 px window, the patient page's cards);
 * - `compact`: a column that gives way next, where the list is narrower than `COMPACT_LIST` (a panel
 *   of a page at 1024 px, a phone), so that the columns left keep their text readable;
 * - `Truncated`: a long text (a patient, a plan, a payment method) on one line, cut with an ellipsis,
 *   the whole text in its tooltip.
 *
 * The widths are the list's own (a container query on ListScroll's box), not the window's: the same
 * table sits in the portal's main column, in a patient page's card, in a dialog or in a host page's
 * box, and gives way where it is narrow.
 */
import { makeStyles, mergeClasses, tokens, type GriffelStyle } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/** The container every list's table measures (ListScroll). */
export const LIST_CONTAINER = 'chairside-list';

/** Below this width of the list, `secondary` columns hide. */
export const WIDE_LIST = 1040;

/** Right-aligned figures; the header's sort button and label follow (Fluent's header is a flex box). */
export const MONEY_COLUMN: GriffelStyle = {
  textAlign: 'right',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  '& > div, & > button, & .fui-TableHeaderCell__button': { justifyContent: 'flex-end', textAlign: 'right' },
};

/** Below this width of the list, `compact` columns hide too. */
export const COMPACT_LIST = 720;

const NARROW = `@container ${LIST_CONTAINER} (max-width: ${WIDE_LIST - 1}px)`;
const COMPACT = `@container ${LIST_CONTAINER} (max-width: ${COMPACT_LIST - 1}px)`;

export const useListColumns = makeStyles({
  money: MONEY_COLUMN,
  nowrap: { whiteSpace: 'nowrap' },
  fit: { width: '1%', whiteSpace: 'nowrap' },
  // A cell's max-width of 0 takes the column's content out of the table's minimum width; the
  // percentage shares the rest between the elastic columns (and leaves the others their content's
  // width). Its header is cut the same way.
  elastic: {
    maxWidth: 0,
    width: '25%',
    '& .fui-TableHeaderCell__button': {
      minWidth: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      resize: 'none',
    },
  },
  /** An elastic column whose text runs longer (a card's brand and number): a larger share. */
  elasticWide: { width: '32%' },
  secondary: { [NARROW]: { display: 'none' } },
  compact: { [COMPACT]: { display: 'none' } },
});

/**
 * The table's part: columns sized by their content (Fluent's tables are `table-layout: fixed`, where
 * a long header runs into the next one), headers on one line.
 */
export const useListTableStyles = makeStyles({
  scroll: {
    containerType: 'inline-size',
    containerName: LIST_CONTAINER,
    overflowX: 'auto',
  },
  table: {
    tableLayout: 'auto',
    '& th': { whiteSpace: 'nowrap' },
  },
});

const useTruncatedStyles = makeStyles({
  text: {
    display: 'block',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    // A link that is a button (it opens a dialog) is one box: it cuts its own text.
    '& > button': {
      maxWidth: '100%',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      verticalAlign: 'bottom',
    },
  },
  // Narrower where the list is narrow, as the secondary columns hide.
  short: { maxWidth: '14ch', [NARROW]: { maxWidth: '10ch' } },
  medium: { maxWidth: '18ch', [NARROW]: { maxWidth: '13ch' } },
  long: { maxWidth: '24ch', [NARROW]: { maxWidth: '17ch' } },
  fill: { maxWidth: '100%', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/**
 * A long text on one line, cut with an ellipsis past `width` (short 14, medium 18, long 24
 * characters; 10, 13 and 17 in a narrow list); the whole text is its tooltip. `muted`: a smaller second line under a cell's value.
 */
export function Truncated({
  text,
  width = 'medium',
  muted = false,
  children,
  className,
}: {
  text: string;
  /** 'fill': as wide as its cell is (a grid's track). @default 'medium' */
  width?: 'short' | 'medium' | 'long' | 'fill';
  muted?: boolean;
  /** What shows, when it is more than the text (a link); `text` is still the tooltip. */
  children?: ReactNode;
  className?: string;
}) {
  const styles = useTruncatedStyles();
  return (
    <span className={mergeClasses(styles.text, styles[width], muted && styles.muted, className)} title={text}>
      {children ?? text}
    </span>
  );
}
