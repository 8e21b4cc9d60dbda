/**
 * A practice (`#/admin/company/{id}`): its profile and settings, gateway, clinics, people and their
 * roles, its practice system's posting queue, its transactions (the company-wide view of the
 * transactions widget, narrowed to it) and its audit trail, and 'Log in as this practice'.
 */
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import {
  Button,
  Link,
  makeStyles,
  Spinner,
  TableCell,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
  mergeClasses,
} from '@fluentui/react-components';
import { adminCompany } from '../../../embed-sdk/contract/admin.js';
import type { Role } from '../../../embed-sdk/contract/common.js';
import { formatCurrency, formatDate, formatDateTime, formatPhone } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { DetailList } from '../../../widgets/ui/DetailList.js';
import { RowsInHand } from '../../../widgets/ui/ListFrame.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { ROLE_LABELS } from '../../session/roleLabels.js';
import { useSession } from '../../session/SessionContext.js';
import { gatewayLabel } from '../../shell/gatewayLabel.js';
import { portalLinks, Transactions } from '../../../widgets/transactions/index.js';
import { PortalAllocator } from '../../pages/transactions/allocationWidget.js';
import { AuditTrail } from '../AuditTrail.js';
import { ProfileDialog } from './ProfileDialog.js';
import { STATUS_PILLS } from './CompaniesPage.js';
import { surchargeText } from '../../components/surcharge.js';
import { StatusPill } from '../StatusPill.js';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
    marginBottom: tokens.spacingVerticalXL,
  },
  wide: { marginBottom: tokens.spacingVerticalXL },
  muted: { color: tokens.colorNeutralForeground3 },
  roles: { whiteSpace: 'normal' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const rolesText = (roles: readonly string[], isAdmin: boolean) =>
  isAdmin
    ? 'Administrator (every role)'
    : roles.map((r) => ROLE_LABELS[r as Role] ?? r).join(', ') || 'No roles';

const mergeWide = (columns: ReturnType<typeof useListColumns>) =>
  mergeClasses(columns.elastic, columns.elasticWide);

export default function CompanyPage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const { switchPractice } = useSession();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, mutate } = useSWR(valid ? ['admin/company', id] : null, () =>
    valueOf(sdk.api.call(adminCompany, { query: { id } })),
  );
  const [entering, setEntering] = useState<'idle' | 'busy' | 'refused'>('idle');
  const links = useMemo(() => portalLinks(''), []);
  const [editing, setEditing] = useState(false);
  const [trail, setTrail] = useState(0);
  const enter = async () => {
    setEntering('busy');
    if (!(await switchPractice(id, true))) setEntering('refused');
  };

  if (!valid || error) {
    return (
      <PageHeader
        eyebrow="Admin"
        title="Dentist"
        description={
          valid ? 'This practice could not be loaded: it may not exist.' : 'There is no such practice.'
        }
      />
    );
  }
  if (!data) return <Spinner label="Loading the practice…" />;
  const pill = STATUS_PILLS[data.status];
  return (
    <>
      <PageHeader
        eyebrow="Admin · Dentist"
        title={data.name}
        description={`${gatewayLabel(data.gatewayCode)} · ID ${data.id} · on Chairside since ${formatDate(data.created)}`}
        actions={
          <Button appearance="primary" disabled={entering === 'busy'} onClick={() => void enter()}>
            {entering === 'busy' ? 'Logging in…' : 'Log in as this practice'}
          </Button>
        }
      />
      {entering === 'refused' ? (
        <Text role="alert" className={styles.error}>
          The practice could not be entered. Try again in a moment.
        </Text>
      ) : null}
      <div className={styles.grid}>
        <Panel
          title="Profile and settings"
          actions={
            <Button size="small" onClick={() => setEditing(true)}>
              Edit profile
            </Button>
          }
        >
          <DetailList
            items={[
              ['Status', <StatusPill key="s" pill={pill} />],
              ['Phone', formatPhone(data.phone) || 'Not given'],
              ['Card surcharge', surchargeText(data)],
              ['Procedure allocation', data.doesAllocateProcedures ? 'On' : 'Off'],
              ['Membership notice', `${data.membershipDays} days before expiry`],
              ['E-mails to patients', data.bccEmail ? `Copied to ${data.bccEmail}` : 'Not copied'],
              ['Last 30 days', formatCurrency(data.volume30Days)],
            ]}
          />
        </Panel>
        <Panel
          title="Gateway"
          actions={
            <Button as="a" href={`#/admin/gateway?companyId=${data.id}`} size="small">
              Edit gateway
            </Button>
          }
        >
          <DetailList
            items={[
              ['Business ID', data.gateway.businessId],
              ['App ID', data.gateway.appId],
              ['Store ID', data.gateway.storeId],
            ]}
          />
        </Panel>
        <Panel title="Practice system">
          <DetailList
            items={[
              ['System', gatewayLabel(data.gatewayCode)],
              ['Postings waiting', String(data.postings.pending)],
              [
                'Postings failed',
                data.postings.failed > 0 ? (
                  <span key="f" className={styles.error}>
                    {data.postings.failed}
                  </span>
                ) : (
                  '0'
                ),
              ],
              [
                'Last posting',
                data.postings.lastPosted ? formatDateTime(data.postings.lastPosted) : 'None yet',
              ],
            ]}
          />
        </Panel>
        <Panel title="Clinics">
          <DetailList
            items={data.clinics.map((c) => [
              `Clinic ${c.clinicNum}`,
              c.isHeadquarters && !/headquarters/i.test(c.description)
                ? `${c.description} (headquarters)`
                : c.description,
            ])}
          />
        </Panel>
      </div>
      <div className={styles.wide}>
        <Panel title="People">
          <RowsInHand
            label="People"
            rows={data.people}
            emptyText="Nobody can sign in to this practice yet."
            header={
              <>
                <TableHeaderCell className={columns.elastic}>Name</TableHeaderCell>
                <TableHeaderCell className={columns.elastic}>E-mail</TableHeaderCell>
                <TableHeaderCell className={mergeWide(columns)}>Roles</TableHeaderCell>
              </>
            }
            renderRow={(p) => (
              <TableRow key={p.userId}>
                <TableCell className={columns.elastic}>
                  <Truncated text={`${p.firstName} ${p.lastName}`} width="fill">
                    <Link href={`#/admin/adminuser/${p.userId}`}>{`${p.firstName} ${p.lastName}`}</Link>
                  </Truncated>
                </TableCell>
                <TableCell className={columns.elastic}>
                  <Truncated text={p.email} width="fill" />
                </TableCell>
                <TableCell className={mergeWide(columns)}>
                  <Truncated text={rolesText(p.roles, p.isAdmin)} width="fill" />
                </TableCell>
              </TableRow>
            )}
          />
        </Panel>
      </div>
      <div className={styles.wide}>
        <Panel title="Transactions">
          {/* The company-wide view of the widget, narrowed to this practice. */}
          <Transactions
            companyWide
            companyId={data.id}
            variant="section"
            links={links}
            Allocator={PortalAllocator}
          />
        </Panel>
      </div>
      <Panel title="Audit trail">
        <AuditTrail
          filter={{ companyId: data.id }}
          version={trail}
          emptyText="No administrator has changed or entered this practice yet."
        />
      </Panel>
      {editing ? (
        <ProfileDialog
          company={data}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            void mutate(saved, { revalidate: false });
            setTrail((t) => t + 1);
            setEditing(false);
          }}
        />
      ) : null}
    </>
  );
}
