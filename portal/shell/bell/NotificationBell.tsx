/**
 * The bell: the unread count on the button; opening it lists the company notifications grouped
 * Recent and Previous and records the view, so the count clears.
 */
import { useId, useState } from 'react';
import {
  Button,
  CounterBadge,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Alert24Regular } from '@fluentui/react-icons';
import type { CompanyNotification } from '../../../embed-sdk/contract/notification.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { groupNotifications } from './bellNotifications.js';
import { NotificationRow } from './NotificationRow.js';
import { useBellNotifications } from './useBellNotifications.js';

const useStyles = makeStyles({
  wrap: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-6px', left: '12px', pointerEvents: 'none' },
  surface: {
    width: 'min(380px, calc(100vw - 24px))',
    maxHeight: 'min(520px, calc(100vh - 80px))',
    overflowY: 'auto',
    padding: 0,
  },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  group: { paddingBottom: tokens.spacingVerticalS },
  groupTitle: {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXS}`,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  note: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground3,
  },
});

function Group({
  title,
  items,
  empty,
  newerThan,
  onChoose,
}: {
  title: string;
  items: CompanyNotification[];
  empty: string;
  newerThan: string | null;
  onChoose: () => void;
}) {
  const styles = useStyles();
  const id = useId();
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h3 id={id} className={styles.groupTitle}>
        {title}
      </h3>
      {items.length === 0 ? (
        <Text className={styles.note}>{empty}</Text>
      ) : (
        <ul className={styles.list}>
          {items.map((n) => (
            <NotificationRow key={n.id} notification={n} newerThan={newerThan} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function NotificationBell() {
  const styles = useStyles();
  const titleId = useId();
  const bell = useBellNotifications();
  const sdk = useSdk();
  const [open, setOpen] = useState(false);
  // The rows that were new when the bell was opened keep their mark while it stays open.
  const [newerThan, setNewerThan] = useState<string | null>(null);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setNewerThan(bell.lastViewed ?? '');
      void bell.markViewed();
    }
  };

  const label = bell.count > 0 ? `Notifications, ${bell.count} unread` : 'Notifications';
  const groups = groupNotifications(bell.notifications ?? [], sdk.now());

  return (
    <Popover
      open={open}
      onOpenChange={(_e, data) => onOpenChange(data.open)}
      positioning="below-end"
      trapFocus
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="large"
          aria-label={label}
          icon={
            <span className={styles.wrap}>
              <Alert24Regular />
              {bell.count > 0 ? (
                <CounterBadge
                  className={styles.badge}
                  count={bell.count}
                  overflowCount={99}
                  size="small"
                  color="danger"
                  aria-hidden="true"
                  data-testid="bell-count"
                />
              ) : null}
            </span>
          }
        />
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-labelledby={titleId}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            Notifications
          </h2>
        </div>
        {bell.loading ? (
          <Spinner size="small" label="Loading notifications…" style={{ padding: tokens.spacingVerticalL }} />
        ) : bell.failed ? (
          <Text className={styles.note} role="alert">
            The notifications could not be loaded. Try again in a moment.
          </Text>
        ) : (bell.notifications?.length ?? 0) === 0 ? (
          <Text className={styles.note}>There are no notifications for this practice.</Text>
        ) : (
          <>
            <Group
              title="Recent"
              items={groups.recent}
              empty="Nothing in the last 24 hours."
              newerThan={newerThan}
              onChoose={() => setOpen(false)}
            />
            <Group
              title="Previous"
              items={groups.previous}
              empty="No earlier notifications."
              newerThan={newerThan}
              onChoose={() => setOpen(false)}
            />
          </>
        )}
      </PopoverSurface>
    </Popover>
  );
}
