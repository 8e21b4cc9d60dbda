/**
 * New Dentist (`#/admin/newCompany`): sets up a practice (its name and phone, its practice system,
 * its clinics, its processor account and surcharge) and invites its first user, who gets every role
 * there and an e-mail with a link to set their password; the practice's page opens.
 */
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button, Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import { createCompany } from '../../../embed-sdk/contract/admin.js';
import type { GatewayCode } from '../../../embed-sdk/contract/common.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { FormActions } from '../../../widgets/ui/FormActions.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { InputField } from '../../../widgets/ui/formFields.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { GATEWAY_CODES } from '../../session/session.js';
import { gatewayLabel } from '../../shell/gatewayLabel.js';
import { placeErrors, type FormBox } from '../adminForm.js';
import { SurchargeFields, surchargeRateToSend, type SurchargeValues } from '../../components/surcharge.js';
import { SURCHARGE_LAW, US_STATES, type UsState } from '../../../embed-sdk/rules/surchargeLaw.js';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, maxWidth: '880px' },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  clinic: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  clinicName: { flex: 1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
});

export interface NewCompanyValues extends SurchargeValues {
  name: string;
  phone: string;
  gatewayCode: GatewayCode;
  /** The state's two-letter code; '' until chosen. Its law decides the surcharge. */
  state: string;
  clinics: { name: string }[];
  businessId: string;
  appId: string;
  storeId: string;
  firstName: string;
  lastName: string;
  email: string;
}

type Box = FormBox<string>;

/** The box of each field the server may name. */
export function boxOf(path: string): Box | undefined {
  const clinic = /^clinics(?:\.(\d+))?$/.exec(path);
  if (clinic) {
    return clinic[1] !== undefined
      ? { field: `clinics.${clinic[1]}.name`, label: 'Clinic' }
      : { field: 'clinics.0.name', label: 'Clinics' };
  }
  const boxes: Record<string, Box> = {
    name: { field: 'name', label: 'Practice name' },
    phone: { field: 'phone', label: 'Phone' },
    gatewayCode: { field: 'gatewayCode', label: 'Practice system' },
    state: { field: 'state', label: 'State' },
    'gateway.businessId': { field: 'businessId', label: 'Business ID' },
    'gateway.appId': { field: 'appId', label: 'App ID' },
    'gateway.storeId': { field: 'storeId', label: 'Store ID' },
    surchargeRateBps: { field: 'surchargeRate', label: 'Surcharge rate' },
    'firstUser.firstName': { field: 'firstName', label: 'First name' },
    'firstUser.lastName': { field: 'lastName', label: 'Last name' },
    'firstUser.email': { field: 'email', label: 'E-mail' },
  };
  return boxes[path];
}

export default function NewCompanyPage() {
  const styles = useStyles();
  const sdk = useSdk();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useForm<NewCompanyValues>({
    defaultValues: {
      name: '',
      phone: '',
      gatewayCode: 'OPENDENTAL',
      state: '',
      clinics: [{ name: '' }],
      businessId: '',
      appId: '',
      storeId: '',
      hasSurcharging: false,
      surchargeRate: '3',
      firstName: '',
      lastName: '',
      email: '',
    },
  });
  const { control, formState, setError } = form;
  const clinics = useFieldArray({ control, name: 'clinics' });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const rate = surchargeRateToSend(values, 0, setError);
    if (rate === null) return;
    try {
      const made = await valueOf(
        sdk.api.call(createCompany, {
          noBanner: true,
          body: {
            name: values.name,
            phone: values.phone,
            gatewayCode: values.gatewayCode,
            // Sent as chosen: the contract names a missing or unknown state.
            state: values.state as UsState,
            clinics: values.clinics.map((c) => c.name),
            gateway: { businessId: values.businessId, appId: values.appId, storeId: values.storeId },
            hasSurcharging: values.hasSurcharging,
            surchargeRateBps: rate,
            firstUser: { firstName: values.firstName, lastName: values.lastName, email: values.email },
          },
        }),
      );
      notify({
        intent: 'success',
        title: 'Practice set up',
        message: `${values.name.trim()} is on Chairside. ${values.email.trim()} has 7 days to set a password and sign in.`,
      });
      navigate(`/admin/company/${made.companyId}`);
    } catch (error) {
      const placed = placeErrors(error, boxOf);
      for (const [field, message] of Object.entries(placed.fields)) {
        setError(field as keyof NewCompanyValues, { type: 'server', message: message as string });
      }
      setFailure(placed.other);
    }
  });

  return (
    <>
      <PageHeader
        eyebrow="Admin · Dentists"
        title="New Dentist"
        description="Set up a practice and invite its first user. They get every role in it, and an e-mail with a link to set their password, valid for 7 days."
      />
      <form noValidate onSubmit={(event) => void submit(event)} className={styles.form}>
        <Panel title="Practice">
          <div className={styles.fields}>
            <InputField control={control} name="name" label="Practice name" required maxLength={120} />
            <div className={styles.pair}>
              <InputField
                control={control}
                name="phone"
                label="Phone"
                required
                type="tel"
                hint="As patients see it."
              />
              <Controller
                control={control}
                name="gatewayCode"
                render={({ field, fieldState }) => (
                  <Field
                    label="Practice system"
                    required
                    validationState={fieldState.error ? 'error' : 'none'}
                    validationMessage={fieldState.error?.message}
                  >
                    <Select value={field.value} onChange={(_e, d) => field.onChange(d.value)}>
                      {GATEWAY_CODES.map((code) => (
                        <option key={code} value={code}>
                          {gatewayLabel(code)}
                        </option>
                      ))}
                    </Select>
                  </Field>
                )}
              />
              <Controller
                control={control}
                name="state"
                render={({ field, fieldState }) => (
                  <Field
                    label="State"
                    required
                    hint="Its law decides whether and how much a card payment may be surcharged."
                    validationState={fieldState.error ? 'error' : 'none'}
                    validationMessage={fieldState.error?.message}
                  >
                    <Select value={field.value} onChange={(_e, d) => field.onChange(d.value)}>
                      <option value="">Choose the state</option>
                      {US_STATES.map((code) => (
                        <option key={code} value={code}>
                          {SURCHARGE_LAW[code].name}
                        </option>
                      ))}
                    </Select>
                  </Field>
                )}
              />
            </div>
          </div>
        </Panel>
        <Panel title="Clinics">
          <div className={styles.fields}>
            {clinics.fields.map((row, index) => (
              <div key={row.id} className={styles.clinic}>
                <InputField
                  control={control}
                  name={`clinics.${index}.name`}
                  label={index === 0 ? 'Headquarters' : `Clinic ${index + 1}`}
                  required
                  maxLength={80}
                  className={styles.clinicName}
                />
                {index > 0 ? (
                  <Button
                    appearance="subtle"
                    icon={<DismissRegular />}
                    aria-label={`Remove clinic ${index + 1}`}
                    onClick={() => clinics.remove(index)}
                  />
                ) : null}
              </div>
            ))}
            <div>
              <Button icon={<AddRegular />} onClick={() => clinics.append({ name: '' })}>
                Add a clinic
              </Button>
            </div>
          </div>
        </Panel>
        <Panel title="Gateway">
          <div className={styles.fields}>
            <div className={styles.pair}>
              <InputField control={control} name="businessId" label="Business ID" required maxLength={80} />
              <InputField control={control} name="appId" label="App ID" required maxLength={80} />
              <InputField control={control} name="storeId" label="Store ID" required maxLength={80} />
            </div>
            <div className={styles.pair}>
              <SurchargeFields control={control} />
            </div>
          </div>
        </Panel>
        <Panel title="First user">
          <div className={styles.fields}>
            <div className={styles.pair}>
              <InputField control={control} name="firstName" label="First name" required maxLength={60} />
              <InputField control={control} name="lastName" label="Last name" required maxLength={60} />
            </div>
            <InputField
              control={control}
              name="email"
              label="E-mail"
              type="email"
              required
              maxLength={254}
              hint="The invitation goes here; it is also what they sign in with."
            />
          </div>
        </Panel>
        <FormError message={failure} />
        <div className={styles.actions}>
          <FormActions
            submitLabel="Set up and send invitation"
            onCancel={() => navigate('/admin/companies')}
            submitting={formState.isSubmitting}
          />
        </div>
      </form>
    </>
  );
}
