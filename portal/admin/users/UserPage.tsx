/**
 * A person (`#/admin/adminuser/{id}`): their account, the practices they work in with their roles
 * there (given, changed and taken away here), whether they administer the platform, disabling the
 * account, a new invitation for one not yet signed in, and their audit trail. Without an id, the
 * page invites a new person.
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import {
  Button,
  Link,
  makeStyles,
  Spinner,
  Switch,
  TableCell,
  TableHeaderCell,
  TableRow,
  tokens,
  mergeClasses,
} from '@fluentui/react-components';
import {
  adminUser,
  resendInvitation,
  setUserAccess,
  setUserDisabled,
  type AdminUser,
} from '../../../embed-sdk/contract/admin.js';
import type { Role } from '../../../embed-sdk/contract/common.js';
import { formatDate, formatPhone } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { ConfirmDialog } from '../../../widgets/ui/ConfirmDialog.js';
import { DetailList } from '../../../widgets/ui/DetailList.js';
import { DialogForm, FormDialog } from '../../../widgets/ui/FormDialog.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { RowsInHand } from '../../../widgets/ui/ListFrame.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { ROLE_LABELS } from '../../session/roleLabels.js';
import { useSession } from '../../session/SessionContext.js';
import { placeErrors } from '../adminForm.js';
import { AuditTrail } from '../AuditTrail.js';
import { PracticePicker, type ChosenPractice } from '../PracticePicker.js';
import InvitePersonPage from './InvitePersonPage.js';
import { RolePicker } from './RolePicker.js';
import { accountPill } from './UsersPage.js';
import { StatusPill } from '../StatusPill.js';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
    marginBottom: tokens.spacingVerticalXL,
  },
  wide: { marginBottom: tokens.spacingVerticalXL },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalXS, justifyContent: 'flex-end' },
  dialog: { maxWidth: '640px' },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  admin: { marginBottom: tokens.spacingVerticalM },
});

type Membership = AdminUser['memberships'][number];

const rolesText = (roles: readonly Role[]) => roles.map((r) => ROLE_LABELS[r]).join(', ') || 'No roles';

/** What the access dialog edits: one practice's roles, or a new practice with its roles. */
type Editing = { kind: 'roles'; membership: Membership } | { kind: 'add' } | null;

function AccessDialog({
  user,
  editing,
  onClose,
  onSave,
}: {
  user: AdminUser;
  editing: Exclude<Editing, null>;
  onClose: () => void;
  onSave: (memberships: Membership[]) => Promise<string | null>;
}) {
  const styles = useStyles();
  const [practice, setPractice] = useState<ChosenPractice | null>(null);
  const [roles, setRoles] = useState<Role[]>(editing.kind === 'roles' ? editing.membership.roles : []);
  const [problem, setProblem] = useState<{ practice?: string; other?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const name = editing.kind === 'roles' ? editing.membership.companyName : null;
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    let next: Membership[];
    if (editing.kind === 'roles') {
      next = user.memberships.map((m) =>
        m.companyId === editing.membership.companyId ? { ...m, roles } : m,
      );
    } else {
      if (!practice) return setProblem({ practice: 'Choose a practice.' });
      next = [...user.memberships, { companyId: practice.id, companyName: practice.name, roles }];
    }
    setBusy(true);
    const failure = await onSave(next);
    setBusy(false);
    if (failure) setProblem({ other: failure });
    else onClose();
  };
  return (
    <FormDialog open onClose={onClose} busy={busy} className={styles.dialog}>
      <DialogForm
        title={name ? `Roles in ${name}` : `Add ${user.firstName} to a practice`}
        onSubmit={save}
        onCancel={onClose}
        submitLabel={name ? 'Save roles' : 'Add to practice'}
        submitting={busy}
        contentClassName={styles.fields}
        error={<FormError message={problem.other ?? null} />}
      >
        {editing.kind === 'add' ? (
          <PracticePicker
            value={practice}
            onChange={(p) => {
              setPractice(p);
              setProblem({});
            }}
            exclude={user.memberships.map((m) => m.companyId)}
            error={problem.practice}
          />
        ) : null}
        <RolePicker value={roles} onChange={setRoles} />
      </DialogForm>
    </FormDialog>
  );
}

function PersonPage({ id }: { id: number }) {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const notify = useNotify();
  const { session } = useSession();
  const { data, error, mutate } = useSWR(['admin/user', id], () =>
    valueOf(sdk.api.call(adminUser, { query: { id } })),
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<
    'disable' | 'enable' | 'admin' | { remove: Membership } | null
  >(null);
  const [busy, setBusy] = useState(false);
  const [trailKey, setTrailKey] = useState(0);

  if (error) {
    return (
      <PageHeader
        eyebrow="Admin"
        title="Admin User"
        description="This person could not be loaded: they may not exist."
      />
    );
  }
  if (!data) return <Spinner label="Loading the person…" />;
  const user = data;
  const name = `${user.firstName} ${user.lastName}`;
  const self = session?.userId === user.id;
  const pill = accountPill(user);

  /** Saves a change; answers the reason it was refused, or null. */
  const saveAccess = async (change: { isAdmin?: boolean; memberships?: Membership[] }) => {
    try {
      const saved = await valueOf(
        sdk.api.call(setUserAccess, {
          noBanner: true,
          body: {
            id: user.id,
            isAdmin: change.isAdmin ?? user.isAdmin,
            memberships: (change.memberships ?? user.memberships).map((m) => ({
              companyId: m.companyId,
              roles: m.roles,
            })),
          },
        }),
      );
      await mutate(saved, { revalidate: false });
      setTrailKey((k) => k + 1);
      return null;
    } catch (failure) {
      const placed = placeErrors(failure, () => undefined);
      return placed.other;
    }
  };

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      setTrailKey((k) => k + 1);
      notify({ intent: 'success', title: done, message: '' });
    } catch (failure) {
      notify({
        intent: 'danger',
        title: 'Not saved',
        message: placeErrors(failure, () => undefined).other ?? '',
      });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const disable = (disabled: boolean) =>
    act(
      async () => {
        const saved = await valueOf(sdk.api.call(setUserDisabled, { body: { id: user.id, disabled } }));
        await mutate(saved, { revalidate: false });
      },
      disabled ? `${name}'s account is disabled` : `${name}'s account works again`,
    );

  const reinvite = () =>
    act(async () => {
      await valueOf(sdk.api.call(resendInvitation, { body: { id: user.id } }));
      await mutate();
    }, `A new invitation is on its way to ${user.email}`);

  return (
    <>
      <PageHeader
        eyebrow="Admin · Admin User"
        title={name}
        description={`${user.email} · ID ${user.id} · on Chairside since ${formatDate(user.created)}`}
        actions={
          <>
            {!user.active && !user.disabledAt ? (
              <Button disabled={busy} onClick={() => void reinvite()}>
                Send a new invitation
              </Button>
            ) : null}
            {user.disabledAt ? (
              <Button disabled={busy} onClick={() => setConfirming('enable')}>
                Enable account
              </Button>
            ) : self ? null : (
              <Button disabled={busy} onClick={() => setConfirming('disable')}>
                Disable account
              </Button>
            )}
          </>
        }
      />
      <div className={styles.grid}>
        <Panel title="Account">
          <DetailList
            items={[
              ['Status', <StatusPill key="s" pill={pill} />],
              ['E-mail', user.email],
              ['Phone', formatPhone(user.phone) || 'Not given'],
              ...(user.disabledAt ? [['Disabled', formatDate(user.disabledAt)] as [string, string]] : []),
              ...(!user.active
                ? [
                    [
                      'Invitation',
                      user.invitationExpires
                        ? `Sent, valid until ${formatDate(user.invitationExpires)}`
                        : 'Expired: send a new one',
                    ] as [string, string],
                  ]
                : []),
            ]}
          />
        </Panel>
        <Panel title="Platform administrator">
          <Switch
            className={styles.admin}
            checked={user.isAdmin}
            disabled={self || busy}
            label={user.isAdmin ? 'Administers the platform' : 'Practice staff only'}
            onChange={() => setConfirming('admin')}
          />
          <DetailList
            items={[
              [
                'What it gives',
                'The admin area, and every role in any practice they enter from it. Practice roles below apply when it is off.',
              ],
            ]}
          />
        </Panel>
      </div>
      <div className={styles.wide}>
        <Panel
          title="Practices and roles"
          actions={
            <Button onClick={() => setEditing({ kind: 'add' })} disabled={busy}>
              Add to a practice
            </Button>
          }
        >
          <RowsInHand<Membership>
            label="Practices and roles"
            rows={user.memberships}
            emptyText={`${user.firstName} works in no practice yet.`}
            header={
              <>
                <TableHeaderCell className={columns.elastic}>Practice</TableHeaderCell>
                <TableHeaderCell className={mergeClasses(columns.elastic, columns.elasticWide)}>
                  Roles
                </TableHeaderCell>
                <TableHeaderCell className={columns.fit}>Actions</TableHeaderCell>
              </>
            }
            renderRow={(m) => (
              <TableRow key={m.companyId}>
                <TableCell className={columns.elastic}>
                  <Truncated text={m.companyName} width="fill">
                    <Link href={`#/admin/company/${m.companyId}`}>{m.companyName}</Link>
                  </Truncated>
                </TableCell>
                <TableCell className={mergeClasses(columns.elastic, columns.elasticWide)}>
                  <Truncated text={rolesText(m.roles)} width="fill" />
                </TableCell>
                <TableCell className={columns.fit}>
                  <div className={styles.rowActions}>
                    <Button
                      size="small"
                      aria-label={`Edit roles in ${m.companyName}`}
                      onClick={() => setEditing({ kind: 'roles', membership: m })}
                    >
                      Edit roles
                    </Button>
                    <Button
                      size="small"
                      appearance="subtle"
                      aria-label={`Remove from ${m.companyName}`}
                      onClick={() => setConfirming({ remove: m })}
                    >
                      Remove
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            )}
          />
        </Panel>
      </div>
      <Panel title="Audit trail">
        <AuditTrail
          version={trailKey}
          filter={{ targetType: 'user', targetId: String(user.id) }}
          emptyText="No administrator has changed this person's account yet."
        />
      </Panel>
      {editing ? (
        <AccessDialog
          user={user}
          editing={editing}
          onClose={() => setEditing(null)}
          onSave={async (memberships) => {
            const refused = await saveAccess({ memberships });
            if (refused === null) {
              notify({
                intent: 'success',
                title: 'Access saved',
                message: `${name}'s access holds from their next step.`,
              });
            }
            return refused;
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming === 'disable'}
        title={`Disable ${name}'s account?`}
        message={`${user.firstName} is signed out everywhere at once and cannot sign in again until the account is enabled. Their records stay as they are.`}
        confirmLabel="Disable account"
        danger
        busy={busy}
        onConfirm={() => void disable(true)}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'enable'}
        title={`Enable ${name}'s account?`}
        message={`${user.firstName} can sign in again with their password, with the access shown on this page.`}
        confirmLabel="Enable account"
        busy={busy}
        onConfirm={() => void disable(false)}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'admin'}
        title={user.isAdmin ? `Take away ${name}'s administrator access?` : `Make ${name} an administrator?`}
        message={
          user.isAdmin
            ? `${user.firstName} loses the admin area from their next step, and keeps only the roles of their practices.`
            : `${user.firstName} gets the admin area, and every role in any practice, from their next step.`
        }
        confirmLabel={user.isAdmin ? 'Take away' : 'Make administrator'}
        danger={!user.isAdmin}
        busy={busy}
        onConfirm={() =>
          void act(
            async () => {
              const refused = await saveAccess({ isAdmin: !user.isAdmin });
              if (refused) throw new Error(refused);
            },
            user.isAdmin ? 'Administrator access taken away' : `${name} is an administrator`,
          )
        }
        onCancel={() => setConfirming(null)}
      />
      {typeof confirming === 'object' && confirming !== null ? (
        <ConfirmDialog
          open
          title={`Remove ${name} from ${confirming.remove.companyName}?`}
          message={`${user.firstName} can no longer sign in to ${confirming.remove.companyName}. What they did there stays in its records.`}
          confirmLabel="Remove"
          danger
          busy={busy}
          onConfirm={() =>
            void act(async () => {
              const refused = await saveAccess({
                memberships: user.memberships.filter((m) => m.companyId !== confirming.remove.companyId),
              });
              if (refused) throw new Error(refused);
            }, `${name} is removed from ${confirming.remove.companyName}`)
          }
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}

export default function UserPage() {
  const param = useParams().id;
  if (param === undefined) return <InvitePersonPage />;
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0) {
    return <PageHeader eyebrow="Admin" title="Admin User" description="There is no such person." />;
  }
  return <PersonPage key={id} id={id} />;
}
