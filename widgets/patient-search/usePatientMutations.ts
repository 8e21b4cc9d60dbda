/**
 * The patient search's changes: bringing a practice-system patient into Chairside (transition),
 * adding a new patient, and updating a profile. Each refreshes the patient lists afterwards, since a
 * patient's name, contact details or Chairside id may have changed.
 *
 * The form's calls show no banner: the dialog covers the widget's banner area, so the form shows
 * the reason itself (see `failureMessage`).
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { UNEXPECTED_SERVER_ERROR } from '../../embed-sdk/banner.js';
import { isApiError } from '../../embed-sdk/api/errors.js';
import type { ApiResult } from '../../embed-sdk/api/types.js';
import { transition, update, type Customer, type Patient } from '../../embed-sdk/contract/patient.js';
import { useSdk } from '../runtime/SdkContext.js';
import { settled } from '../ui/data.js';
import { isPatientListKey } from './usePatientSearch.js';

/** What the form sends: the fields a person edits. */
export interface PatientFields {
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
  /** Only for a new patient; absent lets the server choose Headquarters. */
  clinicNum?: number;
}

export type SaveOutcome = { ok: true; customer: Customer } | { ok: false; message: string };

/** Why a call failed, in the words the server gave when it gave any. */
export function failureMessage(error: unknown): string {
  if (isApiError(error)) return error.envelope?.errors[0] ?? UNEXPECTED_SERVER_ERROR;
  return UNEXPECTED_SERVER_ERROR;
}

async function outcome(answer: Promise<ApiResult<Customer>>): Promise<SaveOutcome> {
  try {
    const result = await answer;
    if (result.isSuccess) return { ok: true, customer: result.value };
    return { ok: false, message: result.errors[0] ?? UNEXPECTED_SERVER_ERROR };
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
}

/** The patient's own details, as transition takes them when nothing is being changed. */
function recordOf(patient: Patient) {
  return {
    key: patient.key,
    firstName: patient.firstName,
    lastName: patient.lastName,
    email: patient.email,
    cell: patient.cell,
    zip: patient.zip,
    clinicNum: patient.clinicNum,
  };
}

export function usePatientMutations() {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  const refreshLists = useCallback(() => void mutate(isPatientListKey), [mutate]);

  /** Selecting a patient who is not a customer yet: brings them in as they are (banners on failure). */
  const bringIn = useCallback(
    async (patient: Patient): Promise<Customer | null> => {
      const customer = await settled(sdk.api.call(transition, { body: recordOf(patient) }));
      if (customer) refreshLists();
      return customer;
    },
    [sdk, refreshLists],
  );

  /** A patient new to the practice system (created there by the server). */
  const addPatient = useCallback(
    async (fields: PatientFields) => {
      const result = await outcome(sdk.api.call(transition, { body: fields, noBanner: true }));
      if (result.ok) refreshLists();
      return result;
    },
    [sdk, refreshLists],
  );

  /**
   * A practice-system patient, with the profile as edited: a customer is updated; a patient who is
   * not a customer yet is brought in with the edited details.
   */
  const savePatient = useCallback(
    async (patient: Patient, fields: PatientFields) => {
      const { clinicNum: _clinic, ...profile } = fields;
      const body = { ...profile, key: patient.key, zip: patient.zip };
      const answer =
        patient.id === null
          ? sdk.api.call(transition, { body: { ...body, clinicNum: patient.clinicNum }, noBanner: true })
          : sdk.api.call(update, { body: { ...body, id: patient.id }, noBanner: true });
      const result = await outcome(answer);
      if (result.ok) refreshLists();
      return result;
    },
    [sdk, refreshLists],
  );

  return { bringIn, addPatient, savePatient };
}
