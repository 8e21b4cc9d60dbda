/**
 * The allocation's controls (spec part 2, "Procedure allocation modal"): the search box (its text
 * reaches the state 300 ms after the last keystroke, section 9), 'Latest' / 'All Dates', the list
 * filter (Completed, Treatment Plans, All), the Family and Apply Amount toggles, with Apply Amount the
 * amount (dollars with 2 decimals) and the order (FIFO, LIFO, Select) on a row of their own. The
 * menu (Refresh Procedures, Group By, Save Filter Settings) is beside the modal's title.
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
import { centsToMoneyInput } from '../../embed-sdk/validation/money.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import {
  isApplyingAmount,
  parseAllocationAmount,
  type AllocatableLine,
  type AllocationAction,
  type AllocationMode,
  type AllocationOrder,
  type AllocationState,
  type DateFilter,
  type ListFilter,
} from './model/index.js';
import { DATE_FILTER_TEXT, LIST_FILTER_TEXT, MODEL_TEXT, ORDER_TEXT, SCREEN_TEXT as T } from './texts.js';

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
  search: { flex: '1 1 240px', minWidth: '180px', maxWidth: '360px' },
  // The amount and its order make the second row (at most two rows, so that the procedures keep the
  // dialog's height at 1024×768); More options is beside the title (AllocationModal.tsx).
  // Aligned by their labels: the amount's message, when there is one, moves neither the order nor
  // anything beside it.
  applying: {
    flexBasis: '100%',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  amount: { width: '140px' },
  amountInput: { width: '100%', minWidth: 0 },
});

function SearchField({ dispatch }: { dispatch: Dispatch<AllocationAction> }) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => dispatch({ type: 'searchChanged', search: settled }), [settled, dispatch]);
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

/**
 * The amount (dollars, rounded to 2 decimals). It reaches the model when it is committed (leaving
 * the field, or Enter), not on each key: in FIFO, LIFO and Select a new amount is spread again.
 */
function AmountField(props: {
  amount: number | null;
  shown: readonly AllocatableLine[];
  dispatch: Dispatch<AllocationAction>;
}) {
  const { amount, shown, dispatch } = props;
  const styles = useStyles();
  const [text, setText] = useState(() => (amount === null ? '' : centsToMoneyInput(amount)));
  const parsed = parseAllocationAmount(text, MODEL_TEXT.amountField);
  // What is wrong shows once the amount is committed, not while it is typed ('12.' on the way to
  // '12.50' is not an error): a message appearing mid-typing moved what was to be clicked next.
  const [committed, setCommitted] = useState(false);
  const commit = () => {
    setCommitted(true);
    if (parsed.ok) dispatch({ type: 'amountChanged', amount: parsed.cents, lines: shown });
  };
  return (
    <Field
      label={MODEL_TEXT.amountField}
      validationMessage={committed && !parsed.ok ? parsed.message : undefined}
      className={styles.amount}
    >
      <Input
        className={styles.amountInput}
        inputMode="decimal"
        contentBefore="$"
        value={text}
        onChange={(_e, d) => setText(d.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </Field>
  );
}

const ORDERS: readonly AllocationOrder[] = ['FIFO', 'LIFO', 'SELECT'];
const DATE_FILTERS = Object.keys(DATE_FILTER_TEXT) as DateFilter[];
const LIST_FILTERS = Object.keys(LIST_FILTER_TEXT) as ListFilter[];

/** The order chosen, as the mode shows it (SELECT_FINISHED is still Select). */
function orderOf(mode: AllocationMode): AllocationOrder | '' {
  if (mode === 'FIFO' || mode === 'LIFO') return mode;
  if (mode === 'SELECT' || mode === 'SELECT_FINISHED') return 'SELECT';
  return '';
}

export interface AllocationControlsProps {
  state: AllocationState;
  dispatch: Dispatch<AllocationAction>;
  /** The lines shown, in the table's order: what an amount and an order are spread over. */
  shown: readonly AllocatableLine[];
}

export function AllocationControls({ state, dispatch, shown }: AllocationControlsProps) {
  const styles = useStyles();
  const applying = isApplyingAmount(state);
  return (
    <div className={styles.bar} role="group" aria-label={T.title}>
      <SearchField dispatch={dispatch} />
      <Field label={T.dates}>
        <RadioGroup
          layout="horizontal"
          value={state.dateFilter}
          onChange={(_e, d) => dispatch({ type: 'dateFilterChanged', dateFilter: d.value as DateFilter })}
        >
          {DATE_FILTERS.map((value) => (
            <Radio key={value} value={value} label={DATE_FILTER_TEXT[value]} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={T.list}>
        <Select
          value={state.list}
          onChange={(_e, d) => dispatch({ type: 'listChanged', list: d.value as ListFilter })}
        >
          {LIST_FILTERS.map((value) => (
            <option key={value} value={value}>
              {LIST_FILTER_TEXT[value]}
            </option>
          ))}
        </Select>
      </Field>
      <Switch
        label={T.family}
        checked={state.showFamily}
        onChange={(_e, d) => dispatch({ type: 'showFamilyChanged', showFamily: d.checked })}
      />
      <Switch
        label={T.applyAmount}
        checked={applying}
        onChange={(_e, d) => dispatch({ type: 'applyAmountToggled', on: d.checked })}
      />
      {applying && (
        <div className={styles.applying}>
          <AmountField amount={state.amount} shown={shown} dispatch={dispatch} />
          <Field label={T.order}>
            <RadioGroup
              layout="horizontal"
              value={orderOf(state.mode)}
              onChange={(_e, d) =>
                dispatch({ type: 'orderChosen', order: d.value as AllocationOrder, lines: shown })
              }
            >
              {ORDERS.map((order) => (
                <Radio key={order} value={order} label={ORDER_TEXT[order]} title={T.orderHints[order]} />
              ))}
            </RadioGroup>
          </Field>
        </div>
      )}
    </div>
  );
}
