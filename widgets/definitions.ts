/**
 * Every widget's definition, in one list: the loader defines these tags, and the build generates
 * the element types and custom-elements.json from it. A widget's code lives in
 * widgets/<tag without "chairside-">/element.ts (its chunk's entry), unless its definition names
 * another `entry`.
 */
import { allocationDefinition } from './allocation/definition.js';
import { membershipBillingDefinition } from './membership-billing/definition.js';
import { patientSearchDefinition } from './patient-search/definition.js';
import { paymentPlanDefinition } from './payment-plan/definition.js';
import { paymentRequestDefinition } from './payment-request/definition.js';
import { reimbursementsDefinition } from './reimbursements/definition.js';
import type { WidgetDefinition } from './runtime/definition.js';
import { storedCardsDefinition } from './stored-cards/definition.js';
import { transactionDetailsDefinition, transactionsDefinition } from './transactions/definition.js';

export const widgetDefinitions: readonly WidgetDefinition[] = [
  patientSearchDefinition,
  storedCardsDefinition,
  paymentRequestDefinition,
  paymentPlanDefinition,
  membershipBillingDefinition,
  transactionsDefinition,
  transactionDetailsDefinition,
  allocationDefinition,
  reimbursementsDefinition,
];

/**
 * The widget a page most often shows first: issue 3's budget counts what it loads (bench/bundle.ts),
 * and the build puts what it shares with the other widgets into one chunk (scripts/sharedChunk.ts).
 */
export const FIRST_WIDGET = patientSearchDefinition.tag;

export function widgetFolder(tag: string): string {
  return tag.replace(/^chairside-/, '');
}
