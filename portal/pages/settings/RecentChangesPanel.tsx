/**
 * Settings › Recent changes: the practice's settings as the audit log has them, newest first: who
 * changed what and when, each value before and after, whether a manager changed it here or an
 * administrator in the admin area.
 */
import { AuditTrail, SETTINGS_TRAIL } from '../../admin/AuditTrail.js';
import { Panel } from '../Panel.js';

export function RecentChangesPanel() {
  return (
    <Panel title="Recent changes">
      <AuditTrail filter={SETTINGS_TRAIL} emptyText="No setting of the practice has been changed yet." />
    </Panel>
  );
}
