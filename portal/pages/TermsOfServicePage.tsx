/**
 * The terms of service (spec part 1, sections 2, 4 and 9): the terms in a 340 px text box and an
 * accept button. Accepting records it (POST acceptTermsOfService) and continues to nextUrl.
 */
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { Button, Label, makeStyles, Spinner, Text, Textarea, tokens } from '@fluentui/react-components';
import { acceptTermsOfService, termsOfService } from '../../embed-sdk/contract/auth.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { valueOf } from '../data/valueOf.js';
import { safeNextUrl } from '../session/nextUrl.js';
import { useSession } from '../session/SessionContext.js';
import { PageHeader } from './PageHeader.js';

export const TERMS_BOX_HEIGHT_PX = 340;

const useStyles = makeStyles({
  box: { width: '100%', height: 'auto' },
  text: {
    height: `${TERMS_BOX_HEIGHT_PX}px`,
    maxHeight: 'none',
    boxSizing: 'border-box',
    fontFamily: tokens.fontFamilyBase,
    lineHeight: tokens.lineHeightBase300,
  },
  label: { display: 'block', marginBottom: tokens.spacingVerticalS, fontWeight: tokens.fontWeightSemibold },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    marginTop: tokens.spacingVerticalL,
  },
  note: { color: tokens.colorNeutralForeground3 },
});

export default function TermsOfServicePage() {
  const styles = useStyles();
  const sdk = useSdk();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { session, update } = useSession();
  const textId = useId();
  const [accepting, setAccepting] = useState(false);
  const terms = useSWR(['auth/termsOfService'], () => valueOf(sdk.api.call(termsOfService)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const next = safeNextUrl(params.get('nextUrl'));

  const accept = async () => {
    setAccepting(true);
    try {
      const result = await sdk.api.call(acceptTermsOfService);
      if (result.isSuccess) {
        update({ termsOfService: true });
        navigate(next, { replace: true });
        return;
      }
    } catch {
      // The SDK's banner says what went wrong; the button is there to try again.
    }
    setAccepting(false);
  };

  return (
    <>
      <PageHeader
        title="Terms of Service"
        description={
          session.termsOfService
            ? 'You have accepted these terms.'
            : 'Please read the terms of service and accept them to continue to Chairside.'
        }
      />
      <Label htmlFor={textId} className={styles.label}>
        Terms of Service{terms.data ? ` (version ${terms.data.version})` : ''}
      </Label>
      {terms.error ? (
        <Text role="alert">The terms could not be loaded. Reload the page to try again.</Text>
      ) : !terms.data ? (
        <Spinner label="Loading the terms…" />
      ) : (
        <Textarea
          id={textId}
          className={styles.box}
          textarea={{ className: styles.text }}
          value={terms.data.text}
          readOnly
          resize="none"
        />
      )}
      <div className={styles.actions}>
        {session.termsOfService ? (
          <Button appearance="primary" onClick={() => navigate(next, { replace: true })}>
            Continue
          </Button>
        ) : (
          <Button appearance="primary" disabled={!terms.data || accepting} onClick={() => void accept()}>
            {accepting ? 'Accepting…' : 'Accept'}
          </Button>
        )}
        <Text className={styles.note}>Signed in as {session.email}</Text>
      </div>
    </>
  );
}
