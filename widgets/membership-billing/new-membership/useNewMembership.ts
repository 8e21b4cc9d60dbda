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
import type { MembershipCycle } from '../../../embed-sdk/contract/membership.js';
import { deskAgreement } from '../../../embed-sdk/rules/memberships.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { valueOf } from '../../ui/data.js';
import { useSurcharge } from '../../ui/useSurcharge.js';
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

/** What the desk agreement is while its card's surcharge is looked up. */
export type DeskAgreement =
  | { state: 'known'; text: string }
  /** No card or no cycle amount yet: nothing to agree to. */
  | { state: 'incomplete' }
  | { state: 'pending' }
  | { state: 'failed' };

/**
 * The agreement the patient approves at the desk: what the chosen card is charged each cycle,
 * surcharge included (the server's surcharge of this card and amount, by the rule it charges with),
 * in the rules' words (`deskAgreement`): the text shown is the text sent and kept.
 */
export function useDeskAgreement(
  holder: Person,
  terms: { cycle: MembershipCycle; amount: number; customerSavedCardId: number | null },
): DeskAgreement {
  const asked = terms.customerSavedCardId !== null && terms.amount > 0;
  const { result, failed } = useSurcharge(
    asked ? terms.customerSavedCardId : null,
    asked ? terms.amount : null,
  );
  if (!asked) return { state: 'incomplete' };
  if (failed) return { state: 'failed' };
  if (!result) return { state: 'pending' };
  return {
    state: 'known',
    text: deskAgreement({
      firstName: holder.firstName,
      cycle: terms.cycle,
      amount: terms.amount,
      surchargeAmount: result.surchargeAmount,
    }),
  };
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
