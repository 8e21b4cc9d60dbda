/**
 * The procedures due, in their groups (spec part 2, "Procedure allocation modal"): Pay, Date,
 * Patient, Procedure (code, tooth, description, provider), Fee, Paid, Pymt. Plan, Ins./Writeoff,
 * Adj., Est. Due and Allocation, with the inline edit and its disk button. 400 procedures are
 * rendered as they are, not virtualized: each row is memoized on its own line and the two flags the
 * mode gives it, so a change repaints only the rows it changes (measured in bench/allocation.ts).
 */
import {
  Button,
  Checkbox,
  Input,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { EditRegular, SaveRegular } from '@fluentui/react-icons';
import { memo, useState, type Dispatch } from 'react';
import type { Procedure } from '../../embed-sdk/contract/allocation.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { centsToMoneyInput, parseMoneyToCents } from '../../embed-sdk/validation/money.js';
import type { AllocationAction, LineAllocation, ProcedureGroup } from './modelAdapter.js';
import { SCREEN_TEXT as T } from './texts.js';

const useStyles = makeStyles({
  table: { minWidth: '900px', tableLayout: 'auto' },
  money: { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  pay: { width: '44px' },
  date: { whiteSpace: 'nowrap' },
  group: {
    backgroundColor: tokens.colorNeutralBackground3,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorNeutralBackground3 },
  },
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
  editInput: { width: '96px' },
});

interface RowProps {
  procedure: Procedure;
  line: LineAllocation | undefined;
  checkable: boolean;
  editable: boolean;
  dispatch: Dispatch<AllocationAction>;
  /** Every procedure shown, for the model's choices that depend on the others (Select). */
  shown: readonly Procedure[];
}

function AllocationCell({ procedure: p, line, editable, dispatch }: Omit<RowProps, 'checkable' | 'shown'>) {
  const styles = useStyles();
  const amount = line?.amountToPay ?? 0;
  const [text, setText] = useState('');
  if (line?.pending !== undefined) {
    return (
      <div className={styles.edit}>
        <Input
          className={styles.editInput}
          size="small"
          inputMode="decimal"
          contentBefore="$"
          aria-label={T.editAmount(p.procCode)}
          value={text}
          autoFocus
          onChange={(_e, d) => {
            setText(d.value);
            dispatch({ type: 'editAmount', procedureId: p.procedureId, cents: parseMoneyToCents(d.value) });
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              dispatch({ type: 'saveEdit', procedure: p });
            }
          }}
        />
        <Button
          size="small"
          appearance="subtle"
          icon={<SaveRegular />}
          aria-label={T.saveEdit(p.procCode)}
          disabled={line.pending === null}
          onClick={() => dispatch({ type: 'saveEdit', procedure: p })}
        />
      </div>
    );
  }
  return (
    <div className={styles.edit}>
      <span className={amount > 0 ? styles.allocated : styles.muted}>{formatCurrency(amount)}</span>
      {editable && (
        <Button
          size="small"
          appearance="subtle"
          icon={<EditRegular />}
          aria-label={T.edit(p.procCode)}
          onClick={() => {
            setText(amount > 0 ? centsToMoneyInput(amount) : '');
            dispatch({ type: 'startEdit', procedure: p });
          }}
        />
      )}
    </div>
  );
}

/** One procedure's row: repainted only when its line or its two flags change. */
const ProcedureRow = memo(function ProcedureRow(props: RowProps) {
  const { procedure: p, line, checkable, dispatch, shown } = props;
  const styles = useStyles();
  const date = formatDate(p.date);
  return (
    <TableRow>
      <TableCell className={styles.pay}>
        <Checkbox
          aria-label={T.payOne(p.procCode, date)}
          checked={(line?.amountToPay ?? 0) > 0}
          disabled={!checkable}
          onChange={() => dispatch({ type: 'toggleLine', procedure: p, procedures: shown })}
        />
      </TableCell>
      <TableCell className={styles.date}>{date}</TableCell>
      <TableCell>{`${p.firstName} ${p.lastName}`}</TableCell>
      <TableCell>
        <span className={styles.code}>{p.procCode}</span>
        {p.tooth ? ` ${T.tooth(p.tooth)}` : ''} {p.procedureDescription}
        <Text size={200} block className={styles.muted}>
          {p.provider}
          {p.procStatus !== 'C' ? ` · ${p.procStatusFriendly}` : ''}
        </Text>
      </TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.originalAmount)}</TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.customerOutOfPocketPaidToDate)}</TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.paymentPlanPending)}</TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.insurance)}</TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.procAdjustment)}</TableCell>
      <TableCell className={styles.money}>{formatCurrency(p.estDue)}</TableCell>
      <TableCell className={styles.money}>
        <AllocationCell procedure={p} line={line} editable={props.editable} dispatch={dispatch} />
      </TableCell>
    </TableRow>
  );
});

export interface ProcedureTableProps {
  groups: readonly ProcedureGroup[];
  shown: readonly Procedure[];
  lines: Readonly<Record<number, LineAllocation>>;
  checkable: (procedureId: number) => boolean;
  editable: boolean;
  allChecked: boolean;
  dispatch: Dispatch<AllocationAction>;
}

export function ProcedureTable(props: ProcedureTableProps) {
  const { groups, shown, lines, checkable, editable, allChecked, dispatch } = props;
  const styles = useStyles();
  return (
    <Table size="small" aria-label={T.table} className={styles.table}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell className={styles.pay}>
            <Checkbox
              aria-label={T.payAll}
              checked={allChecked}
              disabled={shown.length === 0}
              onChange={() => dispatch({ type: 'selectAll', procedures: shown })}
            />
          </TableHeaderCell>
          <TableHeaderCell>{T.date}</TableHeaderCell>
          <TableHeaderCell>{T.patient}</TableHeaderCell>
          <TableHeaderCell>{T.procedure}</TableHeaderCell>
          <TableHeaderCell className={styles.money}>{T.fee}</TableHeaderCell>
          <TableHeaderCell className={styles.money}>{T.paid}</TableHeaderCell>
          <TableHeaderCell className={styles.money}>{T.paymentPlan}</TableHeaderCell>
          <TableHeaderCell className={styles.money}>{T.insurance}</TableHeaderCell>
          <TableHeaderCell className={styles.money}>{T.adjustment}</TableHeaderCell>
          <TableHeaderCell className={styles.money}>{T.estDue}</TableHeaderCell>
          <TableHeaderCell className={styles.money}>{T.allocation}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {groups.map((group) => (
          <Group
            key={group.key}
            group={group}
            shown={shown}
            lines={lines}
            checkable={checkable}
            editable={editable}
            dispatch={dispatch}
          />
        ))}
      </TableBody>
    </Table>
  );
}

function Group(props: Omit<ProcedureTableProps, 'groups' | 'allChecked'> & { group: ProcedureGroup }) {
  const { group, shown, lines, checkable, editable, dispatch } = props;
  const styles = useStyles();
  const due = group.procedures.reduce((sum, p) => sum + p.estDue, 0);
  return (
    <>
      <TableRow className={styles.group} aria-label={group.label}>
        <TableCell colSpan={9}>
          {group.label}
          {group.detail ? <span className={styles.groupDetail}>{group.detail}</span> : null}
        </TableCell>
        <TableCell className={styles.money} aria-label={T.groupTotal(group.label)}>
          {formatCurrency(due)}
        </TableCell>
        <TableCell />
      </TableRow>
      {group.procedures.map((p) => (
        <ProcedureRow
          key={p.procedureId}
          procedure={p}
          line={lines[p.procedureId]}
          checkable={checkable(p.procedureId)}
          editable={editable}
          dispatch={dispatch}
          shown={shown}
        />
      ))}
    </>
  );
}
