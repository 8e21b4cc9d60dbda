/**
 * System Admin (`#/admin/sysadmin`): what every person sees of the platform: the terms of service
 * (publishing a new version sends everyone through the terms gate again), the support link and the
 * release version of the user menu, and a maintenance notice at the top of every page; with the
 * trail of these changes.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import useSWR from 'swr';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import {
  adminPlatform,
  publishTerms,
  savePlatformSettings,
  type PlatformSettings,
} from '../../../embed-sdk/contract/admin.js';

interface Terms {
  version: string;
  text: string;
  publishedAt: string | null;
}
import { formatDateTime } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { ConfirmDialog } from '../../../widgets/ui/ConfirmDialog.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { InputField, TextareaField } from '../../../widgets/ui/formFields.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { useSession } from '../../session/SessionContext.js';
import { placeErrors, type FormBox } from '../adminForm.js';
import { AuditTrail } from '../AuditTrail.js';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(360px, 1fr))',
    marginBottom: tokens.spacingVerticalXL,
    alignItems: 'start',
  },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  terms: { fontFamily: tokens.fontFamilyMonospace },
});

const SETTINGS_BOXES: Record<string, FormBox<keyof PlatformSettings>> = {
  supportLink: { field: 'supportLink', label: 'Support link' },
  releaseVersion: { field: 'releaseVersion', label: 'Release version' },
  maintenanceBanner: { field: 'maintenanceBanner', label: 'Maintenance notice' },
};

function SettingsPanel({ settings, onSaved }: { settings: PlatformSettings; onSaved: () => void }) {
  const styles = useStyles();
  const sdk = useSdk();
  const { update } = useSession();
  const form = useForm<PlatformSettings>({ defaultValues: settings });
  const { control, formState, setError, reset } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    try {
      const next = await valueOf(sdk.api.call(savePlatformSettings, { noBanner: true, body: values }));
      reset(next);
      setSaved(true);
      // This page's own session shows the change at once; everyone else's from their next page.
      update({
        supportLink: next.supportLink,
        releaseVersion: next.releaseVersion,
        maintenanceBanner: next.maintenanceBanner || null,
      });
      onSaved();
    } catch (error) {
      const placed = placeErrors(error, (path) => SETTINGS_BOXES[path]);
      for (const [field, message] of Object.entries(placed.fields)) {
        setError(field as keyof PlatformSettings, { type: 'server', message: message as string });
      }
      setFailure(placed.other);
    }
  });
  return (
    <Panel title="What every person sees">
      <form noValidate onSubmit={(event) => void submit(event)} className={styles.fields}>
        <InputField
          control={control}
          name="supportLink"
          label="Support link"
          hint="Where Support in the user menu leads: a web address (https://…) or an e-mail address. Empty: support@chairside.test."
          maxLength={300}
        />
        <InputField
          control={control}
          name="releaseVersion"
          label="Release version"
          hint="Shown at the bottom of the user menu, after the product's version."
          required
          maxLength={40}
        />
        <TextareaField
          control={control}
          name="maintenanceBanner"
          label="Maintenance notice"
          hint="Shown at the top of every page for every person, from their next page. Empty: no notice."
          maxLength={300}
          resize="vertical"
        />
        <FormError message={failure} />
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : 'Save'}
          </Button>
          {saved && !formState.isDirty ? <Text role="status">Saved</Text> : null}
        </div>
      </form>
    </Panel>
  );
}

interface TermsValues {
  version: string;
  text: string;
}

const TERMS_BOXES: Record<string, FormBox<keyof TermsValues>> = {
  version: { field: 'version', label: 'Version' },
  text: { field: 'text', label: 'Text' },
};

function TermsPanel({ terms, onPublished }: { terms: Terms; onPublished: (terms: Terms) => void }) {
  const styles = useStyles();
  const sdk = useSdk();
  const notify = useNotify();
  const form = useForm<TermsValues>({ defaultValues: { version: '', text: terms.text } });
  const { control, formState, setError, getValues, reset } = form;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const publish = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const published = await valueOf(sdk.api.call(publishTerms, { noBanner: true, body: getValues() }));
      reset({ version: '', text: published.text });
      setConfirming(false);
      notify({
        intent: 'success',
        title: 'Terms published',
        message: `Version ${published.version} is in force: everyone accepts it at their next step, you too.`,
      });
      // Shown from what the call answered: any call now meets the gate, which would take this page
      // away under the closing dialog.
      onPublished(published);
    } catch (error) {
      const placed = placeErrors(error, (path) => TERMS_BOXES[path]);
      for (const [field, message] of Object.entries(placed.fields)) {
        setError(field as keyof TermsValues, { type: 'server', message: message as string });
      }
      setFailure(placed.other);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Panel title="Terms of service">
      <form
        noValidate
        className={styles.fields}
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <Text className={styles.muted}>
          {terms.publishedAt
            ? `Version ${terms.version} is in force, published ${formatDateTime(terms.publishedAt)}.`
            : `Version ${terms.version} is in force: the sandbox's own text, until a version is published.`}
        </Text>
        <InputField
          control={control}
          name="version"
          label="New version"
          hint="A name not used before, such as 2026-12."
          required
          maxLength={40}
        />
        <TextareaField
          control={control}
          name="text"
          label="Text"
          required
          rows={12}
          resize="vertical"
          className={styles.terms}
        />
        <FormError message={failure} />
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={busy}>
            Publish new version
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={`Publish version ${getValues('version').trim() || '(no name)'}?`}
        message="Every person, you included, is asked to accept it before they can go on in Chairside. This cannot be taken back; a later version can replace it."
        confirmLabel="Publish"
        danger
        busy={busy || formState.isSubmitting}
        onConfirm={() => void publish()}
        onCancel={() => setConfirming(false)}
      />
    </Panel>
  );
}

export default function SystemAdminPage() {
  const styles = useStyles();
  const sdk = useSdk();
  const { data, error, mutate } = useSWR(['admin/platform'], () => valueOf(sdk.api.call(adminPlatform)));
  const [version, setVersion] = useState(0);
  const changed = () => {
    setVersion((v) => v + 1);
    void mutate();
  };
  const published = (terms: Terms) => {
    if (data) void mutate({ ...data, terms }, { revalidate: false });
  };
  if (error) {
    return (
      <PageHeader
        eyebrow="Admin"
        title="System Admin"
        description="The platform's settings could not be loaded."
      />
    );
  }
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="System Admin"
        description="What every person sees of the platform: the terms of service, the support link and release of the user menu, and a maintenance notice."
      />
      {data ? (
        <div className={styles.grid}>
          <SettingsPanel settings={data.settings} onSaved={changed} />
          <TermsPanel key={data.terms.version} terms={data.terms} onPublished={published} />
        </div>
      ) : (
        <Spinner label="Loading the platform's settings…" />
      )}
      <Panel title="Changes">
        <AuditTrail
          filter={{ targetType: 'platform' }}
          version={version}
          emptyText="No administrator has changed the platform's settings yet."
        />
      </Panel>
    </>
  );
}
