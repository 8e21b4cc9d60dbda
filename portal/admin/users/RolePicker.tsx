/**
 * The roles a person has in one practice, as boxes to tick: every role of the product in the order
 * the portal lists them (roleLabels.ts), in columns, with "Every role" and "None" to start from.
 */
import { Button, Checkbox, Label, makeStyles, tokens, useId } from '@fluentui/react-components';
import type { Role } from '../../../embed-sdk/contract/common.js';
import { ROLE_LABELS } from '../../session/roleLabels.js';

const ROLES = Object.keys(ROLE_LABELS) as Role[];

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
  },
  quick: { display: 'flex', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalXS },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

export function RolePicker({
  value,
  onChange,
  label = 'Roles',
}: {
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  label?: string;
}) {
  const styles = useStyles();
  const labelId = useId('roles');
  const chosen = new Set(value);
  const toggle = (role: Role, on: boolean) =>
    onChange(ROLES.filter((r) => (r === role ? on : chosen.has(r))));
  return (
    // A group with its own label, not a Field: a Field is for one control, and gives each of its
    // children its one id.
    <div role="group" aria-labelledby={labelId} className={styles.group}>
      <Label id={labelId}>{label}</Label>
      <div>
        <div className={styles.quick}>
          <Button size="small" appearance="subtle" onClick={() => onChange([...ROLES])}>
            Every role
          </Button>
          <Button size="small" appearance="subtle" onClick={() => onChange([])}>
            None
          </Button>
        </div>
        <div className={styles.grid}>
          {ROLES.map((role) => (
            <Checkbox
              key={role}
              label={ROLE_LABELS[role]}
              checked={chosen.has(role)}
              onChange={(_e, d) => toggle(role, d.checked === true)}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
