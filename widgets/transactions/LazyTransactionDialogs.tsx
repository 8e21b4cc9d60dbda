/** The list's dialogs, whose code loads when one first opens (or when a menu opens, ahead of it). */
import { lazyPart } from '../runtime/lazyPart.js';

export const dialogsPart = lazyPart(
  () => import('./TransactionDialogs.js'),
  (module) => module.TransactionDialogs,
);

export const LazyTransactionDialogs = dialogsPart.Component;
