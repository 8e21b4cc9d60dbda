/**
 * One line of the server log in the Log Files table: its time, level, instance, practice, request and
 * message; opened, its other fields as formatted JSON below it.
 */
import {
  Button,
  Link,
  makeStyles,
  TableCell,
  TableRow,
  tokens,
  type BadgeProps,
} from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { LOG_LEVEL_TITLES, type LogLevel, type LogLine } from '../../../embed-sdk/contract/logs.js';
import { formatDateTime } from '../../../embed-sdk/format/index.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { StatusPill } from '../StatusPill.js';

const useStyles = makeStyles({
  // The message wraps: the words are the point of the line.
  message: { width: '40%', paddingBlock: tokens.spacingVerticalS, overflowWrap: 'anywhere' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  fields: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    maxHeight: '360px',
    overflow: 'auto',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  detail: { paddingBlock: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

const LEVEL_COLORS: Record<LogLevel, NonNullable<BadgeProps['color']>> = {
  trace: 'subtle',
  debug: 'subtle',
  info: 'informative',
  warn: 'warning',
  error: 'danger',
  fatal: 'severe',
};

/** The columns, for the table's header and the opened line's cell. */
export const LOG_COLUMNS = 7;

export function LogLineRows({
  line,
  open,
  onToggle,
  onRequest,
}: {
  line: LogLine;
  open: boolean;
  onToggle(): void;
  /** Shows the lines of the line's request. */
  onRequest(requestId: string): void;
}) {
  const styles = useStyles();
  const columns = useListColumns();
  const detailsId = `log-line-${line.id}`;
  const hasFields = Object.keys(line.fields).length > 0;
  return (
    <>
      <TableRow data-line={line.id}>
        <TableCell className={columns.fit}>
          <Button
            size="small"
            appearance="subtle"
            icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`${open ? 'Hide' : 'Show'} the fields of "${line.message}"`}
            onClick={onToggle}
          />
        </TableCell>
        <TableCell className={columns.nowrap}>{formatDateTime(line.time)}</TableCell>
        <TableCell className={columns.nowrap}>
          <StatusPill pill={{ text: LOG_LEVEL_TITLES[line.level], color: LEVEL_COLORS[line.level] }} />
        </TableCell>
        <TableCell className={columns.nowrap}>
          <Truncated text={line.instance} width="short" className={styles.mono}>
            {line.instance.slice(0, 8)}
          </Truncated>
        </TableCell>
        <TableCell className={columns.nowrap}>
          {line.companyId === null ? (
            <span className={styles.muted}>—</span>
          ) : (
            <Truncated text={line.companyName ?? `Practice ${line.companyId}`} width="medium">
              <Link href={`#/admin/company/${line.companyId}`}>
                {line.companyName ?? `Practice ${line.companyId}`}
              </Link>
            </Truncated>
          )}
        </TableCell>
        <TableCell className={columns.nowrap}>
          {line.requestId ? (
            <Link
              as="button"
              className={styles.mono}
              title={`Show every line of request ${line.requestId}`}
              onClick={() => onRequest(line.requestId!)}
            >
              {line.requestId}
            </Link>
          ) : (
            <span className={styles.muted}>—</span>
          )}
        </TableCell>
        <TableCell className={styles.message}>{line.message || '(no message)'}</TableCell>
      </TableRow>
      {open ? (
        <TableRow>
          <TableCell colSpan={LOG_COLUMNS} className={styles.detail}>
            <pre id={detailsId} className={styles.fields} aria-label={`The fields of "${line.message}"`}>
              {JSON.stringify(
                { time: line.time, instance: line.instance, ...(hasFields ? line.fields : {}) },
                null,
                2,
              )}
            </pre>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}
