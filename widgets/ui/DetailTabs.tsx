/**
 * The tabs of a detail modal (the payment plan's, the membership's): the tab list and the one panel
 * it controls. A tab chosen earlier that stops applying (the record changed) gives way to `fallback`.
 */
import { makeStyles, Tab, TabList } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  panel: { minWidth: 0 },
});

export interface DetailTabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  /** The tabs that apply to the record now, in order. */
  tabs: readonly T[];
  labels: Record<T, string>;
  chosen: T;
  fallback: T;
  onChoose: (tab: T) => void;
  /** The selected tab's content. */
  children: (selected: T) => ReactNode;
}

export function DetailTabs<T extends string>(props: DetailTabsProps<T>) {
  const { tabs } = props;
  const styles = useStyles();
  const id = useId();
  const selected = tabs.includes(props.chosen) ? props.chosen : props.fallback;
  return (
    <div className={styles.root}>
      <TabList
        aria-label={props.label}
        selectedValue={selected}
        onTabSelect={(_e, data) => props.onChoose(data.value as T)}
      >
        {tabs.map((tab) => (
          <Tab key={tab} id={`${id}-${tab}`} value={tab} aria-controls={`${id}-${tab}-panel`}>
            {props.labels[tab]}
          </Tab>
        ))}
      </TabList>
      <div
        role="tabpanel"
        id={`${id}-${selected}-panel`}
        aria-labelledby={`${id}-${selected}`}
        className={styles.panel}
      >
        {props.children(selected)}
      </div>
    </div>
  );
}
