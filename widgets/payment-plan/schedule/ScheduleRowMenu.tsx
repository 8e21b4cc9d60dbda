/** The row's action menu (part 2, "Payment plan schedule table"): a "…" button with the row's actions. */
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MenuDivider,
} from '@fluentui/react-components';
import {
  ArrowForwardRegular,
  ArrowNextRegular,
  CalendarAddRegular,
  EditRegular,
  MoreHorizontalRegular,
  MoneyRegular,
  PaymentRegular,
} from '@fluentui/react-icons';
import { Fragment } from 'react';
import type { ScheduleAction } from './schedule.js';
import { SCHEDULE_TEXT } from './texts.js';

const LABELS: Record<ScheduleAction, string> = {
  edit: SCHEDULE_TEXT.edit,
  processNow: SCHEDULE_TEXT.processPayment,
  makePayment: SCHEDULE_TEXT.makePayment,
  NEXT: SCHEDULE_TEXT.skipNext,
  LAST: SCHEDULE_TEXT.skipLast,
  MOVEEND: SCHEDULE_TEXT.skipNew,
};

const ICONS: Record<ScheduleAction, React.ReactElement> = {
  edit: <EditRegular />,
  processNow: <PaymentRegular />,
  makePayment: <MoneyRegular />,
  NEXT: <ArrowForwardRegular />,
  LAST: <ArrowNextRegular />,
  MOVEEND: <CalendarAddRegular />,
};

const SKIPS: readonly ScheduleAction[] = ['NEXT', 'LAST', 'MOVEEND'];

export function ScheduleRowMenu(props: {
  rowName: string;
  actions: readonly ScheduleAction[];
  disabled: boolean;
  onAction: (action: ScheduleAction) => void;
}) {
  const { actions } = props;
  const firstSkip = actions.findIndex((a) => SKIPS.includes(a));
  return (
    <Menu positioning={{ autoSize: true, position: 'below', align: 'end' }}>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<MoreHorizontalRegular />}
          aria-label={SCHEDULE_TEXT.actionsFor(props.rowName)}
          disabled={props.disabled}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {actions.map((action, i) => (
            <Fragment key={action}>
              {i > 0 && i === firstSkip && <MenuDivider />}
              <MenuItem icon={ICONS[action]} onClick={() => props.onAction(action)}>
                {LABELS[action]}
              </MenuItem>
            </Fragment>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
