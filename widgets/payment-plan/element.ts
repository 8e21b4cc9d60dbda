/**
 * <chairside-payment-plan>: its attributes and its implementation. The element's chunk is
 * widgets/paymentPlanElement.ts, which hands in the transactions' Refund / Void form.
 */
import { createElement, type ComponentProps } from 'react';
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import type { RefundVoidForm } from '../ui/refundVoidForm.js';
import { paymentPlanDefinition } from './definition.js';
import { PaymentPlanElement } from './PaymentPlan.js';

export const paymentPlanAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'plan-id': z.pipe(
      z.string({ error: 'is required: the payment plan’s id, such as 12' }),
      z.transform((v, ctx): number => {
        const n = Number(v.trim());
        if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1) {
          ctx.issues.push({
            code: 'custom',
            input: v,
            message: `must be a payment plan id, a positive whole number such as 12 (got "${v}")`,
          });
          return z.NEVER;
        }
        return n;
      }),
    ),
  }),
  z.transform((a) => ({ planId: a['plan-id'] })),
);

type ElementProps = Omit<ComponentProps<typeof PaymentPlanElement>, 'refundVoidForm'>;

/** The element, its Payment History opening this Refund / Void form. */
export function paymentPlanWidget(refundVoidForm: RefundVoidForm) {
  const Element = (props: ElementProps) => createElement(PaymentPlanElement, { ...props, refundVoidForm });
  return defineWidget(paymentPlanDefinition, Element, { attributes: paymentPlanAttributes });
}
