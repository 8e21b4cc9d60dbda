/**
 * The user notification banner (spec part 1, section 2): date, time, title, text, an optional
 * 'Read More' link, and a dismiss button. It hides only after the server confirms the dismissal.
 */
import {
  Button,
  Link,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  CalendarClock20Regular,
  DismissRegular,
  Megaphone20Regular,
  ShieldCheckmark20Regular,
  Sparkle20Regular,
  Wrench20Regular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import type { AnnouncementIcon } from '../../../embed-sdk/contract/announcements.js';
import { formatDate, formatTime } from '../../../embed-sdk/format/index.js';
import { useUserNotification } from './useUserNotification.js';

const INTENT = { info: 'info', success: 'success', warning: 'warning', error: 'error' } as const;

/** The icons Notification Management offers (ANNOUNCEMENT_ICONS); any other shows the intent's own. */
const ICONS: Record<AnnouncementIcon, ReactElement> = {
  megaphone: <Megaphone20Regular />,
  wrench: <Wrench20Regular />,
  sparkle: <Sparkle20Regular />,
  shield: <ShieldCheckmark20Regular />,
  calendar: <CalendarClock20Regular />,
};

const useStyles = makeStyles({
  bar: { marginBottom: tokens.spacingVerticalL },
  when: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  text: { display: 'block' },
});

export function UserNotificationBanner() {
  const styles = useStyles();
  const { notification: n, dismissing, dismiss } = useUserNotification();
  if (!n) return null;
  return (
    <MessageBar
      intent={INTENT[n.type]}
      layout="multiline"
      className={styles.bar}
      aria-label={`Notice: ${n.title}`}
      icon={n.icon && n.icon in ICONS ? ICONS[n.icon as AnnouncementIcon] : undefined}
      data-testid="user-notification"
    >
      <MessageBarBody>
        <Text className={styles.when}>
          <time dateTime={n.created}>
            {formatDate(n.created)} {formatTime(n.created)}
          </time>
        </Text>
        <MessageBarTitle>{n.title}</MessageBarTitle>
        <Text className={styles.text}>
          {n.text}{' '}
          {n.fullyQualifiedUrl ? (
            <Link href={n.fullyQualifiedUrl} target="_blank" rel="noopener noreferrer" inline>
              Read More
            </Link>
          ) : null}
        </Text>
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            aria-label={`Dismiss notice: ${n.title}`}
            icon={dismissing ? <Spinner size="extra-tiny" /> : <DismissRegular />}
            disabled={dismissing}
            onClick={() => void dismiss()}
          />
        }
      />
    </MessageBar>
  );
}
