/** <chairside-membership-billing>: the element's code chunk (the loader imports it when one appears). */
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import { wholeNumberAttribute } from '../runtime/wholeNumberAttribute.js';
import { membershipBillingDefinition } from './definition.js';
import { MembershipBillingElement } from './MembershipBilling.js';

export const membershipBillingAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'membership-id': wholeNumberAttribute('a membership id', {
      missing: 'is required: the membership’s id, such as 12',
    }),
  }),
  z.transform((a) => ({ membershipId: a['membership-id'] })),
);

export default defineWidget(membershipBillingDefinition, MembershipBillingElement, {
  attributes: membershipBillingAttributes,
});
