/** <chairside-reimbursements>: the element's code chunk (the loader imports it when one appears). */
import { createElement } from 'react';
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import { reimbursementsDefinition } from './definition.js';
import { Reimbursements } from './Reimbursements.js';

export const reimbursementsAttributes = z.object({ theme: themeAttribute });

// The element has no attribute of the list's own (its filter is its own state on a host page): the
// theme is the runtime's, and the list takes none of the element's props.
const ReimbursementsElement = () => createElement(Reimbursements);

export default defineWidget(reimbursementsDefinition, ReimbursementsElement, {
  attributes: reimbursementsAttributes,
});
