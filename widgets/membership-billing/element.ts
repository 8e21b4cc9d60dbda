/**
 * <chairside-membership-billing>: its attributes and its implementation. The element's chunk is
 * widgets/membershipBillingElement.ts, which hands in the transactions' Refund / Void form.
 */
import { createElement, type ComponentProps } from 'react';
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import type { RefundVoidForm } from '../ui/refundVoidForm.js';
import { membershipBillingDefinition } from './definition.js';
import { MembershipBillingElement } from './MembershipBilling.js';

export const membershipBillingAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'membership-id': z.pipe(
      z.string({ error: 'is required: the membership’s id, such as 12' }),
      z.transform((v, ctx): number => {
        const n = Number(v.trim());
        if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1) {
          ctx.issues.push({
            code: 'custom',
            input: v,
            message: `must be a membership id, a positive whole number such as 12 (got "${v}")`,
          });
          return z.NEVER;
        }
        return n;
      }),
    ),
  }),
  z.transform((a) => ({ membershipId: a['membership-id'] })),
);

type ElementProps = Omit<ComponentProps<typeof MembershipBillingElement>, 'refundVoidForm'>;

/** The element, its Payment History opening this Refund / Void form. */
export function membershipBillingWidget(refundVoidForm: RefundVoidForm) {
  const Element = (props: ElementProps) =>
    createElement(MembershipBillingElement, { ...props, refundVoidForm });
  return defineWidget(membershipBillingDefinition, Element, { attributes: membershipBillingAttributes });
}
