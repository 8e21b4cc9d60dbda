/**
 * The New Payment Plan's server calls: patients by name, the schedule preview (debounced, as the
 * terms change) and create. The dialog covers the page's banner area, so these calls show no banner:
 * the dialog says what went wrong itself, next to the field it concerns when the server names one.
 */
import { useCallback, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { UNEXPECTED_SERVER_ERROR } from '../../../embed-sdk/banner.js';
import { isApiError } from '../../../embed-sdk/api/errors.js';
import { create, preview, type PaymentPlan } from '../../../embed-sdk/contract/paymentPlan.js';
import type { BodyIn } from '../../../embed-sdk/contract/endpoint.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { valueOf } from '../../ui/data.js';
import { useDebouncedValue } from '../../ui/useDebouncedValue.js';
import { serverFieldErrors, type NewPlanField, type PlanTerms } from './newPlan.js';

const QUIET = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true };

/** The spec's debounce for lookups as a person types (search, surcharge): 300 ms. */
export const PREVIEW_DEBOUNCE_MS = 300;

/** Why a call failed, in the server's words without the field's path ('body.total: …'). */
export function reasonOf(error: unknown): string {
  if (isApiError(error)) {
    const first = error.envelope?.errors[0];
    return first ? first.replace(/^body\.[^:]*:\s*/, '') : UNEXPECTED_SERVER_ERROR;
  }
  return error instanceof Error && error.message ? error.message : UNEXPECTED_SERVER_ERROR;
}

/**
 * The schedule the terms would make, once they have stopped changing for 300 ms. `pending`: the
 * terms on screen are not the ones the shown schedule answers (yet).
 */
export function usePlanPreview(terms: PlanTerms | null) {
  const sdk = useSdk();
  const body = terms ? JSON.stringify(terms) : null;
  const settled = useDebouncedValue(body, PREVIEW_DEBOUNCE_MS);
  const query = useSWR(
    settled === null ? null : ['paymentPlan/preview', settled],
    ([, json]: readonly [string, string]) =>
      valueOf(
        sdk.api.call(preview, {
          body: JSON.parse(json) as PlanTerms,
          noProgress: true,
          noBanner: true,
        }),
      ),
    QUIET,
  );
  const answersTerms = body !== null && settled === body && !query.isLoading;
  return {
    schedule: body === null ? undefined : query.data,
    error: body !== null && settled === body ? query.error : undefined,
    pending: body !== null && (!answersTerms || query.isValidating),
  };
}

export type CreateOutcome =
  | { ok: true; plan: PaymentPlan }
  | { ok: false; message: string | null; fields: Partial<Record<NewPlanField, string>> };

/** Creates the plan with one idempotency key per opened form: a second click sends the same plan. */
export function useCreatePlan() {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  return useCallback(
    async (body: BodyIn<typeof create>): Promise<CreateOutcome> => {
      try {
        const result = await sdk.api.call(create, { body, idempotencyKey, noBanner: true });
        if (!result.isSuccess)
          return { ok: false, message: result.errors[0] ?? UNEXPECTED_SERVER_ERROR, fields: {} };
        await mutate((key) => Array.isArray(key) && key[0] === 'paymentPlan/list');
        return { ok: true, plan: result.value };
      } catch (error) {
        if (isApiError(error) && error.status === 400 && error.envelope) {
          const { fields, other } = serverFieldErrors(error.envelope.errors);
          return { ok: false, message: other.length > 0 ? other.join('\n') : null, fields };
        }
        return { ok: false, message: reasonOf(error), fields: {} };
      }
    },
    [sdk, mutate, idempotencyKey],
  );
}
