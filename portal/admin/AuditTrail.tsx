/**
 * The audit log as the admin pages show it: a practice's trail (every change to it or in it), or a
 * record's (a person's), newest first, ten to a page: when, who, what, and each changed field's
 * value before and after. Settings shows the practice's settings' own trail with it ('settings').
 */
import { useState } from 'react';
import useSWR from 'swr';
import { TableCell, TableHeaderCell, TableRow, mergeClasses } from '@fluentui/react-components';
import { adminAudit, type AuditEntry } from '../../embed-sdk/contract/admin.js';
import { settingsChanges } from '../../embed-sdk/contract/practiceSettings.js';
import { formatDateTime } from '../../embed-sdk/format/index.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { ListFrame } from '../../widgets/ui/ListFrame.js';
import { Truncated, useListColumns } from '../../widgets/ui/listColumns.js';
import { valueOf } from '../data/valueOf.js';
import { SETTINGS_CHANGES_KEY } from '../pages/settings/settingsChanged.js';

/** Each action in words; an action not listed shows its code. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'company.create': 'Practice set up',
  'company.loginAs': 'Logged in as the practice',
  'company.update': 'Practice changed',
  'gateway.update': 'Gateway changed',
  'user.invite': 'Person invited',
  'user.reinvite': 'Invitation sent again',
  'user.roles': 'Roles changed',
  'user.admin': 'Administrator access changed',
  'user.disable': 'Account disabled',
  'user.enable': 'Account enabled',
  'platform.terms': 'Terms of service published',
  'platform.settings': 'Platform settings changed',
  'move.paymentPlan': 'Payment plan moved',
  'move.membership': 'Membership moved',
  'move.transaction': 'Payment moved',
  'import.transactions': 'Transactions imported',
  'approval.post': 'Approval posted',
  'wallets.register': 'Wallet domains registered',
  'wallets.recheck': 'Wallet domains checked again',
  'settings.practice': 'Practice details changed',
  'settings.allocation': 'Allocation and memberships changed',
  'settings.surcharging': 'Surcharging changed',
  'settings.patientMessages': 'Patient message changed',
  'settings.reminders': 'Automatic reminders changed',
  'settings.bulkRequests': 'Bulk payment requests sent',
  'settings.embedOrigins': 'Embed origins changed',
  'settings.integrations': 'Integration roles changed',
  'settings.linkExpiry': 'Patient links changed',
};

/** An audit entry's change in words: each field's value before and after. */
export function describeChange(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const show = (v: unknown) => (v === undefined || v === null ? '—' : JSON.stringify(v));
  return keys.map((k) => `${k}: ${show(entry.before?.[k])} → ${show(entry.after?.[k])}`).join('; ');
}

export type AuditFilter = { companyId: number } | { targetType: string; targetId?: string };

/** The current practice's settings (Settings' Recent changes), for its managers. */
export const SETTINGS_TRAIL = 'settings';

export function AuditTrail({
  filter,
  emptyText,
  version = 0,
}: {
  filter: AuditFilter | typeof SETTINGS_TRAIL;
  emptyText: string;
  /** Raised after the page made a change: the trail is read again. */
  version?: number;
}) {
  const sdk = useSdk();
  const columns = useListColumns();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useSWR(
    filter === SETTINGS_TRAIL
      ? [SETTINGS_CHANGES_KEY, page, version]
      : ['admin/audit', JSON.stringify(filter), page, version],
    () =>
      valueOf(
        filter === SETTINGS_TRAIL
          ? sdk.api.call(settingsChanges, { query: { page } })
          : sdk.api.call(adminAudit, { query: { ...filter, page } }),
      ),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  // A person's trail spans practices: each change says which.
  const perPractice = filter !== SETTINGS_TRAIL && !('companyId' in filter);
  const wide = mergeClasses(columns.elastic, columns.elasticWide);
  return (
    <ListFrame<AuditEntry>
      variant="section"
      label="Audit trail"
      rows={data?.entries}
      failed={!!error}
      loading={isLoading && !data}
      stale={isLoading}
      failedText="The audit trail could not be loaded."
      loadingText="Loading the audit trail…"
      onRetry={() => void mutate()}
      emptyText={emptyText}
      header={
        <>
          <TableHeaderCell className={columns.nowrap}>When</TableHeaderCell>
          <TableHeaderCell className={columns.elastic}>Who</TableHeaderCell>
          <TableHeaderCell className={columns.nowrap}>What</TableHeaderCell>
          <TableHeaderCell className={wide}>Change</TableHeaderCell>
        </>
      }
      renderRow={(e) => {
        const change = describeChange(e);
        const text = perPractice && e.companyId !== null ? `Practice ${e.companyId}: ${change}` : change;
        return (
          <TableRow key={e.id}>
            <TableCell className={columns.nowrap}>{formatDateTime(e.at)}</TableCell>
            <TableCell className={columns.elastic}>
              <Truncated text={e.actorEmail} width="fill" />
            </TableCell>
            <TableCell className={columns.nowrap}>{AUDIT_ACTIONS[e.action] ?? e.action}</TableCell>
            <TableCell className={wide}>
              <Truncated text={text || '—'} width="fill" />
            </TableCell>
          </TableRow>
        );
      }}
      pager={{ page, totalCount: data?.totalCount ?? 0, onPage: setPage }}
    />
  );
}
