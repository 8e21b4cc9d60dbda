/**
 * The portal's dashboard: the practice's collections today, this week and this month, what needs
 * attention (each tile a way to its list), and where the money came from, by source and by payment
 * method, for a period the person picks. Everything comes from one call (useDashboardSummary), read
 * again when the realtime hub reports a payment or a membership change (useLiveDashboard).
 */
import { useState } from 'react';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Text,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import type { CollectionPeriod } from '../../embed-sdk/contract/dashboard.js';
import { formatTime } from '../../embed-sdk/format/index.js';
import { loadErrorMessage } from '../data/loadErrorMessage.js';
import { PageHeader } from '../pages/PageHeader.js';
import { AttentionTiles } from './AttentionTiles.js';
import { BreakdownCharts } from './BreakdownCharts.js';
import { CollectionCards } from './CollectionCards.js';
import { useDashboardStyles } from './dashboard.styles.js';
import { DashboardSkeleton } from './DashboardSkeleton.js';
import { useDashboardSummary } from './useDashboardSummary.js';
import { useLiveDashboard } from './useLiveDashboard.js';

export function DashboardPage() {
  const styles = useDashboardStyles();
  const { data, error, isValidating, mutate } = useDashboardSummary();
  useLiveDashboard();
  const [period, setPeriod] = useState<CollectionPeriod>('month');
  const refresh = () => void mutate();

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your practice's collections, and what needs attention."
        actions={
          data ? (
            <div className={styles.asOf}>
              <Text size={200}>As of {formatTime(data.asOf)}</Text>
              <Button
                appearance="subtle"
                icon={<ArrowClockwiseRegular />}
                onClick={refresh}
                disabled={isValidating}
              >
                Refresh
              </Button>
            </div>
          ) : null
        }
      />
      {data ? (
        <div className={styles.page}>
          {error ? (
            <MessageBar intent="warning">
              <MessageBarBody>
                The figures could not be refreshed; they are as of {formatTime(data.asOf)}.
              </MessageBarBody>
            </MessageBar>
          ) : null}
          <CollectionCards periods={data.periods} />
          <AttentionTiles attention={data.attention} />
          <BreakdownCharts period={period} collections={data.periods[period]} onPeriodChange={setPeriod} />
        </div>
      ) : error ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>The dashboard could not be loaded</MessageBarTitle>
            {loadErrorMessage(error)}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={refresh} disabled={isValidating}>
              Try again
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : (
        <DashboardSkeleton />
      )}
    </>
  );
}
