/**
 * A row's action menu: its button paints with the list, and the menu's code (Fluent's menu and its
 * positioning) follows as soon as the list is on screen, before anyone can open it. Until it is
 * here the button shows, unavailable.
 */
import { Button } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { lazyPart } from '../../runtime/lazyPart.js';
import { MENU_TEXT } from '../texts.js';
import type { TransactionMenuProps } from './TransactionMenu.js';

export const menuPart = lazyPart(
  () => import('./TransactionMenu.js'),
  (module) => module.TransactionMenu,
  (props: TransactionMenuProps) => (
    <Button
      appearance="subtle"
      disabled
      icon={<MoreHorizontalRegular />}
      aria-label={MENU_TEXT.actionsFor(props.name)}
    />
  ),
);

export const LazyTransactionMenu = menuPart.Component;
