/**
 * The enrolment as New Membership sends it: the server's 400 lands on the fields it names (a family
 * member it refuses under that enrollee's plan), the rest in the form's message; a business "no" is
 * the form's message; a second try sends the same idempotency key.
 */
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../embed-sdk/api/errors.js';
import { ENROLL_RULES } from '../../../embed-sdk/validation/membershipLimits.js';
import { SdkContext } from '../../runtime/SdkContext.js';
import { createFakeSdk, ok, refused } from '../../ui/testing/fakeSdk.js';
import { useEnroll } from './useNewMembership.js';

const ENROLL = '/api/customerMembershipBilling/enroll';

const BODY = {
  customerId: 11,
  enrollees: [
    { customerId: 11, membershipPlanId: 1, qty: 1 },
    { customerId: 31, membershipPlanId: 2, qty: 1 },
  ],
  cycle: 'MONTHLY' as const,
  startDate: '2026-12-02',
  approveBy: 'NOW' as const,
  customerSavedCardId: 5,
  approvalMethod: 'CHECKBOX' as const,
  approved: true,
};

function renderEnroll(answers: (() => unknown)[]) {
  let next = 0;
  const fake = createFakeSdk({ [ENROLL]: () => answers[next++]!() });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SdkContext.Provider value={fake.sdk}>{children}</SdkContext.Provider>
  );
  return { fake, enroll: renderHook(() => useEnroll(), { wrapper }).result };
}

describe('the enrolment', () => {
  it('names the fields the server refuses and sends the same key again', async () => {
    const errors = [`body.enrollees.1.customerId: ${ENROLL_RULES.notOfFamily}`, 'The practice is closed.'];
    const envelope = { isSuccess: false, value: null, errors, showMessage: true };
    const { fake, enroll } = renderEnroll([
      () => Promise.reject(new ApiError(errors[0]!, 400, envelope, `POST ${ENROLL}`)),
      () => ok({ membership: { id: 777 }, outcome: null, sentBy: [] }),
    ]);

    let first: Awaited<ReturnType<typeof enroll.current>> | undefined;
    await act(async () => {
      first = await enroll.current(BODY);
    });
    expect(first).toEqual({
      ok: false,
      fields: { 'enrollees.1.membershipPlanId': ENROLL_RULES.notOfFamily },
      message: 'The practice is closed.',
    });

    let second: Awaited<ReturnType<typeof enroll.current>> | undefined;
    await act(async () => {
      second = await enroll.current(BODY);
    });
    expect(second).toMatchObject({ ok: true, enrolled: { membership: { id: 777 } } });
    const [a, b] = fake.callsTo(ENROLL);
    expect(a!.noBanner).toBe(true);
    expect(a!.idempotencyKey).toEqual(expect.any(String));
    expect(b!.idempotencyKey).toBe(a!.idempotencyKey);
  });

  it('says the server’s “no” in the form', async () => {
    const { enroll } = renderEnroll([() => refused('The card on file has expired.')]);
    let result: Awaited<ReturnType<typeof enroll.current>> | undefined;
    await act(async () => {
      result = await enroll.current(BODY);
    });
    expect(result).toEqual({ ok: false, message: 'The card on file has expired.', fields: {} });
  });
});
