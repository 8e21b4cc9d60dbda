/**
 * The procedures due, in their groups (spec part 2, "Procedure allocation modal"): Pay, Date,
 * Patient, Procedure (code, tooth, description, provider), Fee, Paid, Pymt. Plan, Ins./Writeoff,
 * Adj., Est. Due and Allocation, with the inline edit and its disk button.
 *
 * 400 procedures are rendered as they are, not virtualized, so a mode change must not repaint every
 * row (issue 20: under 100 ms). What the mode says for all rows at once is switched at table level:
 * the inline edit's buttons are hidden by a class on the table, and the checkboxes read the mode's
 * part of their rule (`checkboxMode`) from a context that only the checkbox reads. A row is
 * memoized on what is its own: its procedure and its line (`state.lines` keeps the objects of the
 * lines a change did not touch), with the stable `dispatch`.
 */
import {
  Button,
  Checkbox,
  Input,
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { EditRegular, SaveRegular } from '@fluentui/react-icons';
import { createContext, Fragment, memo, useContext, useEffect, useMemo, useRef, type Dispatch } from 'react';
import type { Procedure } from '../../embed-sdk/contract/allocation.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { Truncated } from '../ui/listColumns.js';
import {
  checkboxMode,
  inlineEditAllowed,
  lineCheckboxAllowed,
  lineEditAllowed,
  selectAllCheckbox,
  subtotals,
  type AllocationAction,
  type AllocationMode,
  type CheckboxMode,
  type LineAllocation,
  type ProcedureGroup,
} from './model/index.js';
import { SCREEN_TEXT as T } from './texts.js';

/** The edit buttons' class, hidden all at once by the table's `noEdit` outside NORMAL. */
const EDIT_BUTTON = 'chairside-allocation-edit';
/** The edit button (small, icon only: 24 px) and the gap before it. */
const EDIT_BUTTON_ROOM = `calc(24px + ${tokens.spacingHorizontalXS})`;

/**
 * The columns, the same for every row: each row is a grid of its own (so that a row off screen can
 * skip its rendering, below), and the tracks depend on the table's width only, never on a row's
 * content, so they line up. Fits a 1024 px modal (928 px at least), the patient's name at least
 * 112 px ('Maria Garcia' whole).
 */
const COLUMNS = '40px 88px minmax(112px, 1fr) minmax(136px, 2.4fr) repeat(6, minmax(72px, 1fr)) 120px';

const useStyles = makeStyles({
  table: { minWidth: '928px' },
  row: { display: 'grid', gridTemplateColumns: COLUMNS, alignItems: 'stretch', minHeight: '34px' },
  // A row off screen skips its style, layout and paint until it is scrolled near: a change that
  // touches every row (a mode change) then costs what the rows on screen cost. It stays in the
  // accessibility tree and in find-in-page, unlike a virtualized list.
  bodyRow: { contentVisibility: 'auto', containIntrinsicSize: 'auto 46px' },
  // Right-aligned figures need little room on their left.
  money: {
    paddingLeft: tokens.spacingHorizontalXS,
    justifyContent: 'flex-end',
    textAlign: 'right',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  },
  // A heading may take two lines ('Ins./Writeoff' in a 1024 px modal) rather than run into the next.
  moneyHeader: {
    textAlign: 'right',
    '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end', textAlign: 'right' },
  },
  date: { whiteSpace: 'nowrap' },
  procedure: {
    flexDirection: 'column',
    alignItems: 'stretch',
    justifyContent: 'center',
    minWidth: 0,
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
  },
  group: {
    backgroundColor: tokens.colorNeutralBackground3,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorNeutralBackground3 },
  },
  groupHeading: { gridColumn: '1 / span 9', flexWrap: 'wrap' },
  groupDetail: {
    marginLeft: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground2,
    fontWeight: 'normal',
  },
  code: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  allocated: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  edit: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalXS,
  },
  editInput: { width: '76px' },
  // Lines up with the rows' amounts, which have the edit button (small, icon only) after them.
  groupAllocation: {
    paddingRight: `calc(${tokens.spacingHorizontalS} + ${EDIT_BUTTON_ROOM})`,
  },
  // A row that cannot be edited keeps the edit button's room, so its amount lines up with the others.
  noEditButton: { paddingRight: EDIT_BUTTON_ROOM },
  // Hidden, not removed: no row repaints, the column keeps its width, and a hidden button can be
  // neither focused nor clicked.
  noEdit: { [`& .${EDIT_BUTTON}`]: { visibility: 'hidden' } },
});

/** A heading that may take two lines where it has a slash ('Ins./Writeoff'), its words whole. */
function breakAfterSlashes(text: string) {
  return text.split('/').map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? (
        <>
          /<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

/** The mode's part of the Pay checkboxes' rule, for the whole table. */
const CheckboxModeContext = createContext<CheckboxMode>('open');

interface RowProps {
  procedure: Procedure;
  line: LineAllocation | undefined;
  dispatch: Dispatch<AllocationAction>;
}

function PayCheckbox({ procedure: p, line, dispatch, date }: RowProps & { date: string }) {
  const mode = useContext(CheckboxModeContext);
  return (
    <Checkbox
      aria-label={T.payOne(p.procCode, date)}
      checked={(line?.amountToPay ?? 0) > 0}
      disabled={!lineCheckboxAllowed(line, p.estDue, mode)}
      onChange={() => dispatch({ type: 'lineToggled', line: p })}
    />
  );
}

function AllocationCell({ procedure: p, line, dispatch }: RowProps) {
  const styles = useStyles();
  const amount = line?.amountToPay ?? 0;
  if (line && line.pendingAmount !== null) {
    return (
      <div className={styles.edit}>
        <Input
          className={styles.editInput}
          size="small"
          inputMode="decimal"
          contentBefore="$"
          aria-label={T.editAmount(p.procCode)}
          value={line.pendingAmount}
          autoFocus
          onChange={(_e, d) => dispatch({ type: 'editChanged', procedureId: p.procedureId, text: d.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              dispatch({ type: 'editSaved', line: p });
            }
            if (e.key === 'Escape') {
              // The edit closes; the modal stays.
              e.stopPropagation();
              dispatch({ type: 'editCancelled', procedureId: p.procedureId });
            }
          }}
        />
        <Button
          size="small"
          appearance="subtle"
          icon={<SaveRegular />}
          aria-label={T.saveEdit(p.procCode)}
          onClick={() => dispatch({ type: 'editSaved', line: p })}
        />
      </div>
    );
  }
  const editable = lineEditAllowed(line, p.estDue);
  return (
    <div className={mergeClasses(styles.edit, !editable && styles.noEditButton)}>
      <span className={amount > 0 ? styles.allocated : styles.muted}>{formatCurrency(amount)}</span>
      {editable && (
        <Button
          className={EDIT_BUTTON}
          size="small"
          appearance="subtle"
          icon={<EditRegular />}
          aria-label={T.edit(p.procCode)}
          onClick={() => dispatch({ type: 'editOpened', line: p })}
        />
      )}
    </div>
  );
}

/** One procedure's row: repainted only when its own line changes. */
const ProcedureRow = memo(function ProcedureRow(props: RowProps) {
  const { procedure: p } = props;
  const styles = useStyles();
  const date = formatDate(p.date);
  return (
    <TableRow
      className={mergeClasses(styles.row, styles.bodyRow)}
      data-allocated={(props.line?.amountToPay ?? 0) > 0 || undefined}
    >
      <TableCell>
        <PayCheckbox {...props} date={date} />
      </TableCell>
      <TableCell className={styles.date}>{date}</TableCell>
      <TableCell>
        <Truncated text={`${p.firstName} ${p.lastName}`} width="fill" />
      </TableCell>
      <TableCell className={styles.procedure}>
        <Truncated
          text={`${p.procCode}${p.tooth ? ` ${T.tooth(p.tooth)}` : ''} ${p.procedureDescription}`}
          width="fill"
        >
          <span className={styles.code}>{p.procCode}</span>
          {p.tooth ? ` ${T.tooth(p.tooth)}` : ''} {p.procedureDescription}
        </Truncated>
        <Truncated
          muted
          width="fill"
          text={`${p.provider}${p.procStatus !== 'C' ? ` · ${p.procStatusFriendly}` : ''}`}
        />
      </TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.originalAmount)}</TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.customerOutOfPocketPaidToDate)}</TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.paymentPlanPending)}</TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.insurance)}</TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.procAdjustment)}</TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.estDue)}</TableCell>
      <TableCell className={styles.money}>
        <AllocationCell {...props} />
      </TableCell>
    </TableRow>
  );
});

export interface ProcedureTableProps {
  groups: readonly ProcedureGroup[];
  /** The lines shown, in the table's order (the groups' procedures). */
  shown: readonly Procedure[];
  lines: ReadonlyMap<number, LineAllocation>;
  mode: AllocationMode;
  dispatch: Dispatch<AllocationAction>;
}

export function ProcedureTable(props: ProcedureTableProps) {
  const { groups, shown, lines, mode, dispatch } = props;
  const styles = useStyles();
  const all = useMemo(() => selectAllCheckbox({ lines, mode }, shown), [lines, mode, shown]);
  // FIFO and LIFO put the amount on the oldest or the newest lines, which may be out of sight in a
  // long list: the first line they paid is scrolled into view, so the person sees where it went.
  const table = useRef<HTMLDivElement>(null);
  const ordered = mode === 'FIFO' || mode === 'LIFO';
  useEffect(() => {
    if (!ordered) return;
    table.current?.querySelector('[data-allocated]')?.scrollIntoView?.({ block: 'nearest' });
  }, [ordered, lines]);
  return (
    <Table
      ref={table}
      size="small"
      noNativeElements
      aria-label={T.table}
      className={mergeClasses(styles.table, !inlineEditAllowed(mode) && styles.noEdit)}
    >
      <TableHeader>
        <TableRow className={styles.row}>
          <TableHeaderCell>
            <Checkbox
              aria-label={T.payAll}
              checked={all.checked}
              disabled={all.disabled}
              onChange={() => dispatch({ type: 'allToggled', lines: shown })}
            />
          </TableHeaderCell>
          <TableHeaderCell>{T.date}</TableHeaderCell>
          <TableHeaderCell>{T.patient}</TableHeaderCell>
          <TableHeaderCell>{T.procedure}</TableHeaderCell>
          <TableHeaderCell className={styles.moneyHeader}>{T.fee}</TableHeaderCell>
          <TableHeaderCell className={styles.moneyHeader}>{T.paid}</TableHeaderCell>
          <TableHeaderCell className={styles.moneyHeader}>{T.paymentPlan}</TableHeaderCell>
          <TableHeaderCell className={styles.moneyHeader}>{breakAfterSlashes(T.insurance)}</TableHeaderCell>
          <TableHeaderCell className={styles.moneyHeader}>{T.adjustment}</TableHeaderCell>
          <TableHeaderCell className={styles.moneyHeader}>{T.estDue}</TableHeaderCell>
          <TableHeaderCell className={styles.moneyHeader}>{T.allocation}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <CheckboxModeContext.Provider value={checkboxMode(mode)}>
        <TableBody>
          {groups.map((group) => (
            <Group key={group.key} group={group} lines={lines} dispatch={dispatch} />
          ))}
        </TableBody>
      </CheckboxModeContext.Provider>
    </Table>
  );
}

interface GroupProps {
  group: ProcedureGroup;
  lines: ReadonlyMap<number, LineAllocation>;
  dispatch: Dispatch<AllocationAction>;
}

/**
 * A group changes only when one of its own lines does: every change brings a new `lines` map, and a
 * table grouped by date has as many groups as days, so comparing the map would repaint them all.
 */
function sameGroup(before: GroupProps, after: GroupProps): boolean {
  return (
    before.group === after.group &&
    before.dispatch === after.dispatch &&
    (before.lines === after.lines ||
      before.group.procedures.every(
        (p) => before.lines.get(p.procedureId) === after.lines.get(p.procedureId),
      ))
  );
}

const Group = memo(function Group(props: GroupProps) {
  const { group, lines, dispatch } = props;
  const styles = useStyles();
  const sums = subtotals(group.procedures, lines);
  // A date group's heading is its day already.
  const detail = [
    group.kind === 'date' || !group.date ? '' : formatDate(group.date),
    group.status,
    group.note,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <TableRow className={mergeClasses(styles.row, styles.bodyRow, styles.group)} aria-label={group.heading}>
        <TableCell className={styles.groupHeading}>
          {group.heading}
          {detail ? <span className={styles.groupDetail}>{detail}</span> : null}
        </TableCell>
        <TableCell className={styles.money} aria-label={T.groupTotal(group.heading)}>
          {formatCurrency(sums.estDue)}
        </TableCell>
        <TableCell className={mergeClasses(styles.money, styles.groupAllocation)}>
          {sums.allocation > 0 ? formatCurrency(sums.allocation) : ''}
        </TableCell>
      </TableRow>
      {group.procedures.map((p) => (
        <ProcedureRow key={p.procedureId} procedure={p} line={lines.get(p.procedureId)} dispatch={dispatch} />
      ))}
    </>
  );
}, sameGroup);
