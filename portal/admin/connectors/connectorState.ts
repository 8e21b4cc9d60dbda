/** A connector's state as the admin screens say it: a pill's words and colour, and the heartbeat's age. */
import type { ConnectorRow, ConnectorState } from '../../../embed-sdk/contract/connectors.js';
import { relativeTime } from '../../../embed-sdk/format/index.js';

export const STATE_PILLS: Record<
  ConnectorState,
  { text: string; color: 'success' | 'danger' | 'warning' | 'informative' }
> = {
  HEALTHY: { text: 'Healthy', color: 'success' },
  FAILING: { text: 'Failing', color: 'danger' },
  SILENT: { text: 'Silent', color: 'warning' },
  NEVER: { text: 'No heartbeat yet', color: 'informative' },
};

/** "12 seconds ago", or "Never". */
export function heartbeatText(c: Pick<ConnectorRow, 'lastHeartbeatAt'>): string {
  return c.lastHeartbeatAt ? relativeTime(c.lastHeartbeatAt) : 'Never';
}

/** "4.12.0", or "4.12.0 → 4.13.0" while an upgrade waits for the next heartbeat. */
export function versionText(c: Pick<ConnectorRow, 'version' | 'targetVersion'>): string {
  if (!c.version) return '—';
  return c.targetVersion ? `${c.version} → ${c.targetVersion}` : c.version;
}
