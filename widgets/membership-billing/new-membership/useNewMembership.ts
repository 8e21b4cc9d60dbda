/**
 * New Membership's server calls besides the catalogue (../usePlanCatalogue.ts): the holder's family
 * (memberships' own read), a family member's customer (made when they have none), and the enrolment. The dialog covers the page's banner area, so the enrolment
 * shows no banner: the dialog says what went wrong itself, next to the field it concerns when the
 * server names one.
 */
import { useCallback, useState } from 'react';
import useSWR from 'swr';
import { isApiError } from '../../../embed-sdk/api/errors.js';
import { UNEXPECTED_SERVER_ERROR } from '../../../embed-sdk/banner.js';
import {
  enroll,
  familyMemberCustomer,
  membershipFamily,
  type MembershipFamilyMember,
} from '../../../embed-sdk/contract/membership.js';
import type { BodyIn, ValueOf } from '../../../embed-sdk/contract/endpoint.js';
import type { MembershipCycle } from '../../../embed-sdk/contract/membership.js';
import { deskAgreement } from '../../../embed-sdk/rules/memberships.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { settled, valueOf } from '../../ui/data.js';
import { useSurcharge } from '../../ui/useSurcharge.js';
import { serverEnrollErrors } from './newMembership.js';

export interface Person {
  id: number;
  firstName: string;
  lastName: string;
}

/** The holder's family, the guarantor first (the holder among them, `isHolder`). */
export function useMembershipFamily(holderId: number) {
  const sdk = useSdk();
  return useSWR(
    ['customerMembershipBilling/family', holderId],
    () => valueOf(sdk.api.call(membershipFamily, { query: { customerId: holderId } })),
    { revalidateOnFocus: false },
  );
}

/**
 * A family member as an enrollee: their customer, made from their patient record when they have none
 * yet; null when the server refused (its banner said why).
 */
export function useFamilyMemberCustomer(holderId: number) {
  const sdk = useSdk();
  return useCallback(
    async (member: MembershipFamilyMember): Promise<Person | null> => {
      if (member.customerId !== null)
        return { id: member.customerId, firstName: member.firstName, lastName: member.lastName };
      return settled(
        sdk.api.call(familyMemberCustomer, { body: { customerId: holderId, patientKey: member.key } }),
      );
    },
    [sdk, holderId],
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
