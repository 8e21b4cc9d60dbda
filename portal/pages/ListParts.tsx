/**
 * What the portal's lists share (the Payment Plans and Payment Requests pages, and the patient
 * page's sections of both): the list's state until its rows are here (loading, or the failure as an
 * alert), the table's frame that scrolls sideways and dims the last rows while the next ones load,
 * and the pager.
 */
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  mergeClasses,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', transitionProperty: 'opacity', transitionDuration: tokens.durationFast },
  stale: { opacity: 0.6 },
  pager: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    justifyContent: 'flex-end',
    marginTop: tokens.spacingVerticalM,
  },
});

/**
 * The list's rows (`children`) once there are some to show; before, its loading spinner, or the
 * failure when the first load failed.
 */
export function ListState({
  failed,
  loading,
  failedText,
  loadingText,
  size,
  children,
}: {
  failed: boolean;
  /** Nothing to show yet (the first load is on its way). */
  loading: boolean;
  failedText: string;
  loadingText: string;
  /** The spinner's size: 'small' in a page's section. */
  size?: 'small';
  children: ReactNode;
}) {
  if (failed) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{failedText}</MessageBarBody>
      </MessageBar>
    );
  }
  if (loading) return <Spinner size={size} label={loadingText} />;
  return <>{children}</>;
}

/** The table's frame: it scrolls sideways on a narrow screen; while `stale`, the rows show dimmed. */
export function ListScroll({ stale = false, children }: { stale?: boolean; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.scroll, stale && styles.stale)} aria-busy={stale}>
      {children}
    </div>
  );
}

/** Previous and Next, with where the list is: "25 payment plans · Page 1 of 3" (or "Page 1 of 3"). */
export function Pager({
  page,
  pages,
  count,
  onPage,
}: {
  page: number;
  pages: number;
  /** How many there are, of what (singular: "payment plan"); left out where the list says it elsewhere. */
  count?: { total: number; noun: string };
  onPage: (page: number) => void;
}) {
  const styles = useStyles();
  const total = count ? `${count.total} ${count.noun}${count.total === 1 ? '' : 's'} · ` : '';
  return (
    <nav className={styles.pager} aria-label="Pages">
      <Text>{`${total}Page ${page} of ${pages}`}</Text>
      <Button icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button
        icon={<ChevronRightRegular />}
        iconPosition="after"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
