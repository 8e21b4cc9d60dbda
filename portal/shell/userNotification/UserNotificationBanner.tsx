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
import { DismissRegular } from '@fluentui/react-icons';
import { formatDate, formatTime } from '../../../embed-sdk/format/index.js';
import { useUserNotification } from './useUserNotification.js';

const INTENT = { info: 'info', success: 'success', warning: 'warning', error: 'error' } as const;

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
