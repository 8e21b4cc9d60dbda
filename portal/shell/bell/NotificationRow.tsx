/**
 * One row of the bell. A payment-plan past-due row shows the plan ID, the past-due amount, and the
 * date and time (spec part 1, section 2); membership rows follow part 2's membership notifications.
 */
import { Link } from 'react-router-dom';
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { CompanyNotification } from '../../../embed-sdk/contract/notification.js';
import { formatCurrency, formatDate, formatTime } from '../../../embed-sdk/format/index.js';
import { describeNotification, notificationHref } from './bellNotifications.js';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    columnGap: tokens.spacingHorizontalM,
    rowGap: '2px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    borderLeft: `3px solid transparent`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
  },
  unread: { borderLeftColor: tokens.colorBrandStroke1 },
  newMark: {
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'end',
  },
  title: { fontWeight: tokens.fontWeightSemibold },
  amount: {
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'end',
  },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export function NotificationRow({
  notification: n,
  newerThan,
  onChoose,
}: {
  notification: CompanyNotification;
  /** Rows newer than this were unread when the bell opened ('' = the bell was never opened). */
  newerThan: string | null;
  onChoose: () => void;
}) {
  const styles = useStyles();
  const { title, detail } = describeNotification(n);
  const href = notificationHref(n);
  const unread = newerThan !== null && (newerThan === '' || Date.parse(n.dateTime) > Date.parse(newerThan));
  const body = (
    <>
      <Text className={styles.title}>{title}</Text>
      {n.amountDue !== null ? <Text className={styles.amount}>{formatCurrency(n.amountDue)}</Text> : <span />}
      <Text className={styles.meta}>
        {detail ? `${detail} · ` : ''}
        {n.amountDue !== null ? 'Past due · ' : ''}
        <time dateTime={n.dateTime}>
          {formatDate(n.dateTimeConverted)} {formatTime(n.dateTimeConverted)}
        </time>
      </Text>
      {unread ? <Text className={styles.newMark}>New</Text> : <span />}
    </>
  );
  const className = mergeClasses(styles.row, unread && styles.unread);
  return (
    <li>
      {href ? (
        // The router's link navigates in its click handler. A plain anchor navigated only after the
        // click's handlers had run, and by then `onChoose` had closed the bell and taken the anchor
        // out of the page: a disconnected link does not navigate, and the click was sometimes lost.
        <Link className={className} to={href.replace(/^#/, '')} onClick={onChoose}>
          {body}
        </Link>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}
