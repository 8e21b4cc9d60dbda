/**
 * New Membership's server calls besides the catalogue (../usePlanCatalogue.ts): a family member read
 * for their name, and the enrolment. The dialog covers the page's banner area, so the enrolment
 * shows no banner: the dialog says what went wrong itself, next to the field it concerns when the
 * server names one.
 */
import { useCallback, useState } from 'react';
import useSWR from 'swr';
import { isApiError } from '../../../embed-sdk/api/errors.js';
import { UNEXPECTED_SERVER_ERROR } from '../../../embed-sdk/banner.js';
import { enroll } from '../../../embed-sdk/contract/membership.js';
import type { BodyIn, ValueOf } from '../../../embed-sdk/contract/endpoint.js';
import { getCustomer } from '../../../embed-sdk/contract/patient.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { valueOf } from '../../ui/data.js';
import { serverEnrollErrors } from './newMembership.js';

export interface Person {
  id: number;
  firstName: string;
  lastName: string;
}

/** Reads the patient `chosen` names and hands them to `onRead` (once per choice). */
export function useFamilyMember(chosen: number | null, onRead: (person: Person) => void) {
  const sdk = useSdk();
  useSWR(
    chosen === null ? null : ['customer/get', chosen],
    () => valueOf(sdk.api.call(getCustomer, { query: { id: chosen! } })),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onSuccess: (c) => onRead({ id: c.id, firstName: c.firstName, lastName: c.lastName }),
    },
  );
}

export type EnrollResult =
  | { ok: true; enrolled: ValueOf<typeof enroll> }
  | { ok: false; message: string | null; fields: Record<string, string> };

/** Enrols with one idempotency key per opened form: a second click sends the same enrolment. */
export function useEnroll() {
  const sdk = useSdk();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  return useCallback(
    async (body: BodyIn<typeof enroll>): Promise<EnrollResult> => {
      try {
        const result = await sdk.api.call(enroll, { body, idempotencyKey, noBanner: true });
        if (!result.isSuccess)
          return { ok: false, message: result.errors[0] ?? UNEXPECTED_SERVER_ERROR, fields: {} };
        return { ok: true, enrolled: result.value };
      } catch (caught) {
        if (isApiError(caught) && caught.status === 400 && caught.envelope) {
          const { fields, other } = serverEnrollErrors(caught.envelope.errors);
          return { ok: false, message: other.length > 0 ? other.join('\n') : null, fields };
        }
        return {
          ok: false,
          message: caught instanceof Error && caught.message ? caught.message : UNEXPECTED_SERVER_ERROR,
          fields: {},
        };
      }
    },
    [sdk, idempotencyKey],
  );
}
