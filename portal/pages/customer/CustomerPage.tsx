/**
 * The patient page (CustomerIndex): the patient's name and contact details from
 * GET /api/customer/getCustomer (edited through the patient form), their stored cards, their
 * memberships, their payment plans, their payment requests and their transactions.
 */
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { getCustomer } from '../../../embed-sdk/contract/patient.js';
import { formatPhone } from '../../../embed-sdk/format/index.js';
import { canEditPatients, LazyPatientFormDialog } from '../../../widgets/patient-search/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { StoredCards } from '../../../widgets/stored-cards/index.js';
import { valueOf } from '../../data/valueOf.js';
import { useSession } from '../../session/SessionContext.js';
import { DetailList } from '../../../widgets/ui/DetailList.js';
import { PageHeader, useDocumentTitle } from '../PageHeader.js';
import { Panel } from '../Panel.js';
import { CustomerMemberships } from '../memberships/CustomerMemberships.js';
import { CustomerPaymentPlans } from './CustomerPaymentPlans.js';
import { CustomerPaymentRequests } from './CustomerPaymentRequests.js';
import { CustomerTransactions } from './CustomerTransactions.js';

// Every card of the page is as wide as the page (the main column's width, up to its 1280 px): one
// edge for the eye to follow, and each list has the width its columns need.
const useStyles = makeStyles({
  section: { marginBlock: tokens.spacingVerticalL },
  next: { display: 'block', marginTop: tokens.spacingVerticalL, color: tokens.colorNeutralForeground2 },
});

function parseId(raw: string | undefined): number | null {
  return raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

function NotFound({ companyName }: { companyName: string }) {
  useDocumentTitle('Patient not found');
  return (
    <>
      <PageHeader title="Patient not found" eyebrow="Patient" />
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>No such patient</MessageBarTitle>
          This patient could not be found at {companyName}. Search for the patient at the top of the page.
        </MessageBarBody>
      </MessageBar>
    </>
  );
}

export default function CustomerPage() {
  const styles = useStyles();
  const sdk = useSdk();
  const { session, profile } = useSession();
  const id = parseId(useParams().id);
  const [params] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const { data, error, mutate } = useSWR(
    id === null ? null : ['customer/get', id],
    () => valueOf(sdk.api.call(getCustomer, { query: { id: id! } })),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  if (id === null || error) return <NotFound companyName={session.companyName} />;
  if (!data) return <Spinner label="Loading the patient…" />;
  const name = `${data.firstName} ${data.lastName}`;
  return (
    <>
      <PageHeader
        eyebrow="Patient"
        title={name}
        description={`Patient number ${params.get('key') ?? data.key}${data.clinicDescription ? ` · ${data.clinicDescription}` : ''}`}
        actions={
          canEditPatients(profile, session.companyId) ? (
            <Button onClick={() => setEditing(true)}>Edit Patient</Button>
          ) : undefined
        }
      />
      <Panel title="Contact">
        <DetailList
          items={[
            ['E-mail', data.email || 'Not given'],
            ['Mobile phone', formatPhone(data.cell) || 'Not given'],
            ['ZIP code', data.zip || 'Not given'],
          ]}
        />
        <div className={styles.next}>
          <StoredCards customerId={data.id} mode={3} />
        </div>
      </Panel>
      <div className={styles.section}>
        <CustomerMemberships customer={data} />
      </div>
      <div className={styles.section}>
        <CustomerPaymentPlans customer={data} />
      </div>
      <div className={styles.section}>
        <CustomerPaymentRequests customer={data} />
      </div>
      <div className={styles.section}>
        <CustomerTransactions customer={data} />
      </div>
      <LazyPatientFormDialog
        dialog={editing ? { mode: 'edit', patient: { ...data, appointment: null } } : null}
        gatewayCode={session.gatewayCode}
        clinics={{ options: [], fallback: false, loading: false }}
        preferredClinic={data.clinicNum}
        onCancel={() => setEditing(false)}
        onSaved={(customer) => {
          setEditing(false);
          void mutate(customer, { revalidate: false });
        }}
      />
    </>
  );
}
