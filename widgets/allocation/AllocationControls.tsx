/**
 * The allocation's controls (spec part 2, "Procedure allocation modal"): the search box (its text
 * reaches the state 300 ms after the last keystroke, section 9), 'Latest' / 'All Dates', the list
 * filter (Completed, Treatment Plans, All), the Family and Apply Amount toggles, with Apply Amount the
 * amount (dollars with 2 decimals) and the order (FIFO, LIFO, Select), and the menu: Refresh
 * Procedures, Group By and Save Filter Settings.
 */
import {
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Select,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useEffect, useState, type Dispatch } from 'react';
import { parseMoneyToCents } from '../../embed-sdk/validation/money.js';
import { validationMessages } from '../../embed-sdk/validation/messages.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import { LazyAllocationMenu } from './LazyAllocationMenu.js';
import type {
  AllocationAction,
  AllocationOrder,
  AllocationState,
  DateFilter,
  ListFilter,
} from './modelAdapter.js';
import { SCREEN_TEXT as T } from './texts.js';

/** Section 9: the allocation search's debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  search: { flex: '1 1 240px', minWidth: '200px', maxWidth: '360px' },
  amount: { width: '140px' },
  amountInput: { width: '100%', minWidth: 0 },
});

function SearchField({ dispatch }: { dispatch: Dispatch<AllocationAction> }) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => dispatch({ type: 'search', phrase: settled }), [settled, dispatch]);
  return (
    <Field label={T.search} className={styles.search}>
      <Input
        type="search"
        contentBefore={<SearchRegular />}
        placeholder={T.searchPlaceholder}
        value={text}
        onChange={(_e, d) => setText(d.value)}
      />
    </Field>
  );
}

function AmountField({ dispatch }: { dispatch: Dispatch<AllocationAction> }) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const bad = text.trim() !== '' && parseMoneyToCents(text) === null;
  return (
    <Field
      label={T.amount}
      validationMessage={bad ? validationMessages.money('Amount') : undefined}
      className={styles.amount}
    >
      <Input
        className={styles.amountInput}
        inputMode="decimal"
        contentBefore="$"
        value={text}
        onChange={(_e, d) => {
          setText(d.value);
          dispatch({ type: 'amount', cents: parseMoneyToCents(d.value) });
        }}
      />
    </Field>
  );
}

const ORDERS: readonly AllocationOrder[] = ['FIFO', 'LIFO', 'SELECT'];
const ORDER_LABELS: Record<AllocationOrder, string> = { FIFO: T.fifo, LIFO: T.lifo, SELECT: T.select };

/** The order chosen, as the mode shows it (SELECT_FINISHED is still Select). */
function orderOf(state: AllocationState): AllocationOrder | '' {
  if (state.mode === 'FIFO' || state.mode === 'LIFO') return state.mode;
  if (state.mode === 'SELECT' || state.mode === 'SELECT_FINISHED') return 'SELECT';
  return '';
}

export interface AllocationControlsProps {
  state: AllocationState;
  dispatch: Dispatch<AllocationAction>;
  /** The procedures shown, for the order's distribution. */
  onOrder: (order: AllocationOrder) => void;
  onRefresh: () => void;
  onSaveSettings: () => void;
}

export function AllocationControls({
  state,
  dispatch,
  onOrder,
  onRefresh,
  onSaveSettings,
}: AllocationControlsProps) {
  const styles = useStyles();
  return (
    <div className={styles.bar} role="group" aria-label={T.title}>
      <SearchField dispatch={dispatch} />
      <Field label={T.dates}>
        <RadioGroup
          layout="horizontal"
          value={state.dateFilter}
          onChange={(_e, d) => dispatch({ type: 'dateFilter', value: d.value as DateFilter })}
        >
          <Radio value="LATEST" label={T.latest} />
          <Radio value="ALL_DATES" label={T.allDates} />
        </RadioGroup>
      </Field>
      <Field label={T.list}>
        <Select
          value={state.list}
          onChange={(_e, d) => dispatch({ type: 'list', value: d.value as ListFilter })}
        >
          <option value="COMPLETED">{T.completed}</option>
          <option value="TREATMENT_PLANS">{T.treatmentPlans}</option>
          <option value="ALL">{T.all}</option>
        </Select>
      </Field>
      <Switch
        label={T.family}
        checked={state.showFamily}
        onChange={(_e, d) => dispatch({ type: 'showFamily', value: d.checked })}
      />
      <Switch
        label={T.applyAmount}
        checked={state.applyAmount}
        onChange={(_e, d) => dispatch({ type: 'applyAmount', value: d.checked })}
      />
      {state.applyAmount && (
        <>
          <AmountField dispatch={dispatch} />
          <Field label={T.order}>
            <RadioGroup
              layout="horizontal"
              value={orderOf(state)}
              onChange={(_e, d) => onOrder(d.value as AllocationOrder)}
            >
              {ORDERS.map((order) => (
                <Radio key={order} value={order} label={ORDER_LABELS[order]} title={T.orderHints[order]} />
              ))}
            </RadioGroup>
          </Field>
        </>
      )}
      <LazyAllocationMenu
        groupBy={state.groupBy}
        dispatch={dispatch}
        onRefresh={onRefresh}
        onSaveSettings={onSaveSettings}
      />
    </div>
  );
}
