/**
 * Saves a new reimbursement with one idempotency key per attempt: a Save that got no answer (the
 * connection dropped) sends the same key again, so the server posts it once; a Save that got an
 * answer, yes or no, used its key up, and the next attempt (amounts changed) takes a new one.
 */
import { useRef } from 'react';
import { isApiError } from '../../../embed-sdk/api/errors.js';
import { createInsurancePayment, type InsurancePayment } from '../../../embed-sdk/contract/insurance.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { useRefreshReimbursements } from '../useReimbursements.js';
import type { createBody } from './newReimbursement.js';

export type Saved = { ok: true; payment: InsurancePayment } | { ok: false; message: string | null };

export function useCreateReimbursement() {
  const sdk = useSdk();
  const refresh = useRefreshReimbursements();
  const key = useRef<string>(crypto.randomUUID());
  return async (body: ReturnType<typeof createBody>): Promise<Saved> => {
    try {
      const result = await sdk.api.call(createInsurancePayment, { body, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      if (!result.isSuccess) return { ok: false, message: result.errors[0] ?? null };
      void refresh();
      return { ok: true, payment: result.value };
    } catch (error) {
      if (!isApiError(error) || error.status !== 0) key.current = crypto.randomUUID();
      return { ok: false, message: null };
    }
  };
}
