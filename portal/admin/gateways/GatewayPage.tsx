/**
 * A gateway (`#/admin/gateway?companyId=1`): one practice's processor account, edited: its business,
 * app and store ids, its card terminals, its credit-card surcharge (at most 3 %) and a new API key
 * (the one on file shows only its last four characters); "Test connection" asks the card provider;
 * the gateway's changes below.
 */
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import {
  Button,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import { adminGateway, saveGateway, testGateway, type Gateway } from '../../../embed-sdk/contract/admin.js';
import { formatDateTime } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { InputField } from '../../../widgets/ui/formFields.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { gatewayLabel } from '../../shell/gatewayLabel.js';
import { placeErrors, type FormBox } from '../adminForm.js';
import { AuditTrail } from '../AuditTrail.js';
import { SurchargeFields, surchargeRateToSend, type SurchargeValues } from '../../components/surcharge.js';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(360px, 1fr))',
    marginBottom: tokens.spacingVerticalXL,
    alignItems: 'start',
  },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  terminal: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
  },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    marginBottom: tokens.spacingVerticalXL,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

interface GatewayValues extends SurchargeValues {
  businessId: string;
  appId: string;
  storeId: string;
  terminals: { label: string; serialNumber: string }[];
  apiKey: string;
}

function valuesOf(g: Gateway): GatewayValues {
  return {
    businessId: g.businessId,
    appId: g.appId,
    storeId: g.storeId,
    hasSurcharging: g.hasSurcharging,
    surchargeRate: (g.surchargeRateBps / 100).toFixed(2),
    terminals: g.terminals.map((t) => ({ label: t.label, serialNumber: t.serialNumber })),
    apiKey: '',
  };
}

function boxOf(path: string): FormBox<string> | undefined {
  const terminal = /^terminals\.(\d+)\.(label|serialNumber)$/.exec(path);
  if (terminal) {
    return {
      field: `terminals.${terminal[1]}.${terminal[2]}`,
      label: terminal[2] === 'label' ? 'Terminal name' : 'Serial number',
    };
  }
  const boxes: Record<string, FormBox<string>> = {
    businessId: { field: 'businessId', label: 'Business ID' },
    appId: { field: 'appId', label: 'App ID' },
    storeId: { field: 'storeId', label: 'Store ID' },
    surchargeRateBps: { field: 'surchargeRate', label: 'Surcharge rate' },
    apiKey: { field: 'apiKey', label: 'New API key' },
  };
  return boxes[path];
}

function GatewayForm({ gateway, onSaved }: { gateway: Gateway; onSaved: (g: Gateway) => void }) {
  const styles = useStyles();
  const sdk = useSdk();
  const form = useForm<GatewayValues>({ defaultValues: valuesOf(gateway) });
  const { control, formState, setError, reset } = form;
  const terminals = useFieldArray({ control, name: 'terminals' });
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; message: string } | 'busy' | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    const rate = surchargeRateToSend(values, gateway.surchargeRateBps, setError);
    if (rate === null) return;
    try {
      const next = await valueOf(
        sdk.api.call(saveGateway, {
          body: {
            companyId: gateway.companyId,
            businessId: values.businessId,
            appId: values.appId,
            storeId: values.storeId,
            hasSurcharging: values.hasSurcharging,
            surchargeRateBps: rate,
            terminals: values.terminals,
            ...(values.apiKey.trim() ? { apiKey: values.apiKey } : {}),
          },
        }),
      );
      reset(valuesOf(next));
      setSaved(true);
      onSaved(next);
    } catch (error) {
      const placed = placeErrors(error, boxOf);
      for (const [field, message] of Object.entries(placed.fields)) {
        setError(field as keyof GatewayValues, { type: 'server', message: message as string });
      }
      setFailure(placed.other);
    }
  });

  const runTest = async () => {
    setTest('busy');
    try {
      setTest(await valueOf(sdk.api.call(testGateway, { body: { companyId: gateway.companyId } })));
    } catch (error) {
      setTest({ ok: false, message: placeErrors(error, () => undefined).other ?? '' });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <div className={styles.grid}>
        <Panel title="Processor account">
          <div className={styles.fields}>
            <InputField control={control} name="businessId" label="Business ID" required maxLength={80} />
            <InputField control={control} name="appId" label="App ID" required maxLength={80} />
            <InputField control={control} name="storeId" label="Store ID" required maxLength={80} />
            <InputField
              control={control}
              name="apiKey"
              label="New API key"
              type="password"
              autoComplete="off"
              maxLength={200}
              hint={
                gateway.apiKey
                  ? `On file: ${gateway.apiKey.masked}, set ${formatDateTime(gateway.apiKey.updated)}. Leave empty to keep it.`
                  : 'None on file: payments cannot go through until one is set.'
              }
            />
            <div>
              <Button disabled={test === 'busy' || formState.isDirty} onClick={() => void runTest()}>
                {test === 'busy' ? 'Testing…' : 'Test connection'}
              </Button>
              {formState.isDirty ? (
                <Text className={styles.muted}> Save first: the test uses what is on file.</Text>
              ) : null}
            </div>
            {test && test !== 'busy' ? (
              <MessageBar intent={test.ok ? 'success' : 'error'} role="status">
                <MessageBarBody>{test.message}</MessageBarBody>
              </MessageBar>
            ) : null}
          </div>
        </Panel>
        <Panel title="Surcharge and terminals">
          <div className={styles.fields}>
            <SurchargeFields control={control} hint="New payment requests show it." />
            {terminals.fields.map((row, index) => (
              <div key={row.id} className={styles.terminal}>
                <InputField
                  control={control}
                  name={`terminals.${index}.label`}
                  label={`Terminal ${index + 1}`}
                  required
                  maxLength={60}
                />
                <InputField
                  control={control}
                  name={`terminals.${index}.serialNumber`}
                  label="Serial number"
                  required
                  maxLength={40}
                />
                <Button
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={`Remove terminal ${index + 1}`}
                  onClick={() => terminals.remove(index)}
                />
              </div>
            ))}
            <div>
              <Button icon={<AddRegular />} onClick={() => terminals.append({ label: '', serialNumber: '' })}>
                Add a terminal
              </Button>
            </div>
          </div>
        </Panel>
      </div>
      <FormError message={failure} />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save gateway'}
        </Button>
        {saved && !formState.isDirty ? <Text role="status">Saved</Text> : null}
      </div>
    </form>
  );
}

export default function GatewayPage() {
  const sdk = useSdk();
  const [params] = useSearchParams();
  const companyId = Number(params.get('companyId'));
  const valid = Number.isInteger(companyId) && companyId > 0;
  const { data, error, mutate } = useSWR(valid ? ['admin/gateway', companyId] : null, () =>
    valueOf(sdk.api.call(adminGateway, { query: { companyId } })),
  );
  const [version, setVersion] = useState(0);
  if (!valid || error) {
    return (
      <PageHeader
        eyebrow="Admin · Gateways"
        title="Gateway"
        description={
          valid
            ? 'This gateway could not be loaded: the practice may not exist.'
            : 'Choose a practice from Gateways.'
        }
      />
    );
  }
  if (!data) return <Spinner label="Loading the gateway…" />;
  return (
    <>
      <PageHeader
        eyebrow="Admin · Gateways"
        title={`${data.companyName}: gateway`}
        description={
          <>
            {`${gatewayLabel(data.gatewayCode)} · practice ID ${data.companyId} · `}
            <Link href={`#/admin/company/${data.companyId}`}>the practice's page</Link>
          </>
        }
      />
      <GatewayForm
        key={data.companyId}
        gateway={data}
        onSaved={(next) => {
          void mutate(next, { revalidate: false });
          setVersion((v) => v + 1);
        }}
      />
      <Panel title="Changes">
        <AuditTrail
          filter={{ targetType: 'gateway', targetId: String(data.companyId) }}
          version={version}
          emptyText="No administrator has changed this gateway yet."
        />
      </Panel>
    </>
  );
}
