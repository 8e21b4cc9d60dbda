/**
 * Admin Dashboard (`#/admin`): the platform at a glance (practices and active people, today's
 * approvals and volume, connectors failing or silent, each queue's depth, open anomalies), each
 * figure a link to its screen, read again every five seconds.
 */
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { Link, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { ANOMALY_KINDS, ANOMALY_TITLES } from '../../../embed-sdk/contract/anomalies.js';
import { adminOverview } from '../../../embed-sdk/contract/overview.js';
import { QUEUE_TITLES } from '../../../embed-sdk/contract/queues.js';
import { formatCurrency, formatTime } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';

/** How often the figures are read again. */
export const OVERVIEW_REFRESH_MS = 5_000;

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    alignItems: 'stretch',
  },
  figures: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0 },
  figure: {
    display: 'flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
  },
  number: {
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
    minWidth: '3ch',
  },
  alarm: { color: tokens.colorPaletteRedForeground1 },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

interface Figure {
  value: string;
  label: string;
  href: string;
  /** Drawn in red (something is wrong) or orange (something needs an eye) when not zero. */
  tone?: 'alarm' | 'warn';
  zero?: boolean;
}

function Figures({ items }: { items: Figure[] }) {
  const styles = useStyles();
  return (
    <ul className={styles.figures}>
      {items.map((f) => (
        <li key={f.label} className={styles.figure}>
          <Link href={f.href} aria-label={`${f.value} ${f.label}`}>
            <span className={mergeClasses(styles.number, !f.zero && f.tone && styles[f.tone])}>
              {f.value}
            </span>
          </Link>
          <span>{f.label}</span>
        </li>
      ))}
    </ul>
  );
}

function Tile({ title, children }: { title: string; children: ReactNode }) {
  return <Panel title={title}>{children}</Panel>;
}

const count = (n: number) => n.toLocaleString('en-US');

export default function OverviewPage() {
  const styles = useStyles();
  const sdk = useSdk();
  const { data, error } = useSWR('admin/overview', () => valueOf(sdk.api.call(adminOverview, {})), {
    refreshInterval: OVERVIEW_REFRESH_MS,
    revalidateOnFocus: false,
  });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Admin Dashboard"
        description={
          data
            ? `The platform at a glance, as of ${formatTime(data.at)}; it keeps itself up to date.`
            : 'The platform at a glance.'
        }
      />
      {!data ? (
        error ? (
          <p role="alert">The figures could not be loaded. They are tried again in a few seconds.</p>
        ) : (
          <Spinner label="Loading the figures…" />
        )
      ) : (
        <div className={styles.grid}>
          <Tile title="Practices">
            <Figures
              items={[
                { value: count(data.practices.total), label: 'practices', href: '#/admin/companies' },
                {
                  value: count(data.practices.active),
                  label: 'with payments in 30 days',
                  href: '#/admin/companies',
                },
              ]}
            />
          </Tile>
          <Tile title="People">
            <Figures
              items={[
                { value: count(data.people.active), label: 'active', href: '#/admin/adminusers' },
                {
                  value: count(data.people.invited),
                  label: 'invited, not signed in',
                  href: '#/admin/adminusers',
                },
                { value: count(data.people.disabled), label: 'disabled', href: '#/admin/adminusers' },
              ]}
            />
          </Tile>
          <Tile title="Today">
            <Figures
              items={[
                { value: count(data.today.approvals), label: 'approved payments', href: '#/admin/companies' },
                { value: formatCurrency(data.today.volume), label: 'approved', href: '#/admin/companies' },
                {
                  value: count(data.today.declines),
                  label: 'declined',
                  href: '#/admin/companies',
                  tone: 'warn',
                  zero: data.today.declines === 0,
                },
              ]}
            />
          </Tile>
          <Tile title="Connectors">
            <Figures
              items={[
                {
                  value: count(data.connectors.FAILING),
                  label: 'failing',
                  href: '#/admin/odServiceCheck',
                  tone: 'alarm',
                  zero: data.connectors.FAILING === 0,
                },
                {
                  value: count(data.connectors.SILENT),
                  label: 'silent',
                  href: '#/admin/odServiceCheck',
                  tone: 'warn',
                  zero: data.connectors.SILENT === 0,
                },
                { value: count(data.connectors.HEALTHY), label: 'healthy', href: '#/admin/odServiceCheck' },
              ]}
            />
          </Tile>
          <Tile title="Queues">
            <Figures
              items={data.queues.flatMap((q) => {
                const title = QUEUE_TITLES[q.queue].toLowerCase();
                const href = `#/admin/queues?queue=${q.queue}`;
                return [
                  {
                    value: count(q.depth),
                    label: `${title} waiting${q.paused ? ' (paused)' : ''}`,
                    href,
                    tone: 'warn' as const,
                    zero: !q.paused,
                  },
                  ...(q.failures
                    ? [
                        {
                          value: count(q.failures),
                          label: `${title} failed`,
                          href: `${href}&state=FAILED`,
                          tone: 'alarm' as const,
                        },
                      ]
                    : []),
                ];
              })}
            />
          </Tile>
          <Tile title="Anomalies">
            <Figures
              items={[
                {
                  value: count(data.anomalies.open),
                  label: 'open',
                  href: '#/admin/anomalies',
                  tone: 'alarm',
                  zero: data.anomalies.open === 0,
                },
                ...ANOMALY_KINDS.filter((k) => data.anomalies.byKind[k] > 0).map((k) => ({
                  value: count(data.anomalies.byKind[k]),
                  label: ANOMALY_TITLES[k].toLowerCase(),
                  href: `#/admin/anomalies?kind=${k}`,
                })),
              ]}
            />
            {data.anomalies.open === 0 ? (
              <p className={styles.muted}>
                {data.anomalies.checkedAt ? 'Every check passes.' : 'The checks have not run yet.'}
              </p>
            ) : null}
          </Tile>
        </div>
      )}
    </>
  );
}
