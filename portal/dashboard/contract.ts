/**
 * The contract's endpoint and types the dashboard uses, each from its resource module: one file for
 * the same reason as portal/contract.ts (the front end's layer rule in eslint.config.js also matches
 * every module inside embed-sdk/contract, outside capability folders).
 */
/* eslint-disable no-restricted-imports */
export type { TransactionSource } from '../../embed-sdk/contract/common.js';
export {
  summary,
  type Attention,
  type CollectionPeriod,
  type Collections,
  type DashboardSummary,
  type PaymentMethod,
  type PeriodCollections,
} from '../../embed-sdk/contract/dashboard.js';
