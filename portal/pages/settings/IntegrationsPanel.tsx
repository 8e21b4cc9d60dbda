/**
 * Settings › Practice system integrations: the practice systems' add-ons that act for this practice,
 * each with the roles the practice grants it. An add-on's token carries only those roles, so
 * changing them here changes what its next token may do.
 */
import { Badge, Button, Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Role } from '../../../embed-sdk/contract/common.js';
import {
  INTEGRATION_ROLES,
  type Integration,
  type IntegrationRole,
} from '../../../embed-sdk/contract/settings.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { ROLE_LABELS } from '../../session/roleLabels.js';
import { ListState } from '../../../widgets/ui/ListFrame.js';
import { Panel } from '../Panel.js';
import { useIntegrations } from './useIntegrations.js';

const useStyles = makeStyles({
  intro: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
  list: { display: 'grid', gap: tokens.spacingVerticalL, margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
  },
  heading: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  name: { fontWeight: tokens.fontWeightSemibold },
  clientId: { color: tokens.colorNeutralForeground3, fontFamily: tokens.fontFamilyMonospace },
  roles: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    margin: `${tokens.spacingVerticalS} 0`,
    border: 'none',
    padding: 0,
  },
  legend: { padding: 0, marginTop: tokens.spacingVerticalS, color: tokens.colorNeutralForeground2 },
  empty: { color: tokens.colorNeutralForeground2 },
});

const granted = (roles: readonly Role[]) =>
  new Set(roles.filter((r): r is IntegrationRole => (INTEGRATION_ROLES as readonly string[]).includes(r)));

function IntegrationItem({
  integration,
  onSave,
}: {
  integration: Integration;
  onSave: (roles: IntegrationRole[]) => Promise<void>;
}) {
  const styles = useStyles();
  const [roles, setRoles] = useState(() => granted(integration.roles));
  const [saving, setSaving] = useState(false);
  const saved = granted(integration.roles);
  const changed = roles.size !== saved.size || [...roles].some((r) => !saved.has(r));
  const revoked = integration.revoked !== null;

  const toggle = (role: IntegrationRole, on: boolean) =>
    setRoles((current) => {
      const next = new Set(current);
      if (on) next.add(role);
      else next.delete(role);
      return next;
    });

  async function save() {
    setSaving(true);
    try {
      await onSave(INTEGRATION_ROLES.filter((r) => roles.has(r)));
    } catch {
      // The SDK has shown what went wrong; the choices stay for another try.
    } finally {
      setSaving(false);
    }
  }

  return (
    <li className={styles.item} aria-label={integration.name}>
      <div className={styles.heading}>
        <Text className={styles.name}>{integration.name}</Text>
        <Text className={styles.clientId}>{integration.clientId}</Text>
        <Badge appearance="tint" color={revoked ? 'subtle' : 'success'}>
          {revoked ? 'Revoked' : 'Active'}
        </Badge>
      </div>
      <fieldset className={styles.roles} disabled={revoked}>
        <legend className={styles.legend}>Roles its tokens carry</legend>
        {INTEGRATION_ROLES.map((role) => (
          <Checkbox
            key={role}
            label={ROLE_LABELS[role]}
            checked={roles.has(role)}
            disabled={revoked}
            onChange={(_e, d) => toggle(role, d.checked === true)}
          />
        ))}
      </fieldset>
      {revoked ? null : (
        <Button appearance="primary" disabled={!changed || saving} onClick={() => void save()}>
          Save roles
        </Button>
      )}
    </li>
  );
}

export function IntegrationsPanel() {
  const styles = useStyles();
  const notify = useNotify();
  const { list, setRoles } = useIntegrations();
  const integrations = list.data?.integrations ?? [];
  return (
    <Panel title="Practice system integrations">
      <Text className={styles.intro}>
        Add-ons of practice systems that act for this practice with their own credentials. Each gets only the
        roles checked here, and only in this practice.
      </Text>
      <ListState
        failed={!!list.error}
        loading={list.isLoading && !list.data}
        failedText="The integrations could not be loaded."
        loadingText="Loading integrations…"
        size="small"
      >
        {integrations.length === 0 ? (
          <Text className={styles.empty}>No practice system acts for this practice.</Text>
        ) : (
          <ul className={styles.list} aria-label="Integrations">
            {integrations.map((integration) => (
              <IntegrationItem
                key={`${integration.clientId}:${integration.roles.join(',')}`}
                integration={integration}
                onSave={async (roles) => {
                  await setRoles(integration.clientId, roles);
                  notify({
                    intent: 'success',
                    title: 'Saved',
                    message: `${integration.name} now gets the roles checked.`,
                  });
                }}
              />
            ))}
          </ul>
        )}
      </ListState>
    </Panel>
  );
}
