/**
 * The menu's button paints with the modal, and the menu's code follows as soon as the modal is on
 * screen, before anyone can open it. Until it is here the button shows, unavailable.
 */
import { Button, makeStyles } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { lazyPart } from '../runtime/lazyPart.js';
import type { AllocationMenuProps } from './AllocationMenu.js';
import { SCREEN_TEXT as T } from './texts.js';

const useStyles = makeStyles({ place: { marginLeft: 'auto' } });

const menuPart = lazyPart(
  () => import('./AllocationMenu.js'),
  (module) => module.AllocationMenu,
  () => <Button appearance="subtle" disabled icon={<MoreHorizontalRegular />} aria-label={T.menu} />,
);

export function LazyAllocationMenu(props: AllocationMenuProps) {
  const styles = useStyles();
  useEffect(() => menuPart.prefetch(), []);
  return (
    <div className={styles.place}>
      <menuPart.Component {...props} />
    </div>
  );
}
