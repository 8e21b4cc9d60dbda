/**
 * The allocation's menu (spec part 2, "Procedure allocation modal"): Refresh Procedures, Group By
 * (date, treatment plan, patient) and Save Filter Settings. Its code (Fluent's menu and its
 * positioning, about a third of the modal's) loads once the modal is on screen (LazyAllocationMenu).
 */
import {
  Button,
  Menu,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, MoreHorizontalRegular, SaveRegular } from '@fluentui/react-icons';
import type { Dispatch } from 'react';
import type { AllocationAction, GroupBy } from './model/index.js';
import { GROUP_BY_TEXT, SCREEN_TEXT as T } from './texts.js';

const GROUPS = Object.entries(GROUP_BY_TEXT) as [GroupBy, string][];

export interface AllocationMenuProps {
  groupBy: GroupBy;
  dispatch: Dispatch<AllocationAction>;
  onRefresh: () => void;
  onSaveSettings: () => void;
}

export function AllocationMenu({ groupBy, dispatch, onRefresh, onSaveSettings }: AllocationMenuProps) {
  return (
    // The checked Group By is the Menu's: a MenuList inside a Menu takes it from there (given to the
    // MenuList as well, Fluent warns "You are using both MenuList and Menu props" at each opening).
    <Menu
      checkedValues={{ groupBy: [groupBy] }}
      onCheckedValueChange={(_e, d) => {
        const [value] = d.checkedItems;
        if (d.name === 'groupBy' && value) dispatch({ type: 'groupByChanged', groupBy: value as GroupBy });
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={T.menu} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<ArrowClockwiseRegular />} onClick={onRefresh}>
            {T.refresh}
          </MenuItem>
          <MenuGroup>
            <MenuGroupHeader>{T.groupBy}</MenuGroupHeader>
            {GROUPS.map(([value, label]) => (
              <MenuItemRadio key={value} name="groupBy" value={value}>
                {label}
              </MenuItemRadio>
            ))}
          </MenuGroup>
          <MenuItem icon={<SaveRegular />} onClick={onSaveSettings}>
            {T.saveSettings}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
