/**
 * A partner's page: sign-in through the SDK, the patient search, and a payment plan by its id (from
 * the address, `?plan=12`), with the app showing what their events said.
 */
import { useEffect, useState } from 'react';
import { getSdk, type PatientSelectedDetail, type UserProfile } from '@chairside/embed';
import { PatientSearch, PaymentPlan } from '@chairside/react';

export function App() {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const [profile, setProfile] = useState<UserProfile | null>(null);
  const [patient, setPatient] = useState<PatientSelectedDetail | null>(null);
  const [planEvent, setPlanEvent] = useState('No plan event yet.');
  const planId = new URLSearchParams(location.search).get('plan');

  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    void getSdk().then(async (sdk) => {
      const update = async () => {
        const now = await sdk.auth.signedIn();
        const who = now ? await sdk.auth.getProfile() : null;
        if (!active) return;
        setSignedIn(now);
        setProfile(who);
      };
      if (!active) return;
      stop = sdk.auth.onChange(() => void update());
      await update();
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);

  if (signedIn === null) return <p>Loading…</p>;
  if (!signedIn) {
    return (
      <main>
        <h1>Partner app</h1>
        <button type="button" onClick={() => void getSdk().then((sdk) => sdk.auth.signIn())}>
          Sign in
        </button>
      </main>
    );
  }
  return (
    <main>
      <h1>Partner app</h1>
      <p>Signed in as {profile?.name ?? profile?.email ?? 'someone'}.</p>
      <PatientSearch allowAdd="false" onPatientSelected={(event) => setPatient(event.detail)} />
      <p role="status" aria-label="Selected patient">
        {patient
          ? `Selected ${patient.firstName} ${patient.lastName} (#${patient.key})`
          : 'No patient selected.'}
      </p>
      {planId && (
        <>
          <PaymentPlan
            planId={planId}
            onPaymentPlanClosed={(event) => setPlanEvent(`Plan ${event.detail.id} closed.`)}
            onPaymentPlanChanged={(event) =>
              setPlanEvent(`Plan ${event.detail.id} is ${event.detail.status}.`)
            }
          />
          <p role="status" aria-label="Plan event">
            {planEvent}
          </p>
        </>
      )}
    </main>
  );
}
