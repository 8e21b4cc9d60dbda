/**
 * Pure rules that the server and the widgets both need, so that what a widget shows and what the
 * server charges cannot disagree: the surcharge (of a card payment, of a plan's line, of a refund),
 * the 180-day refund window, and how an amount is split into parts. No I/O and no clock: the caller
 * gives today.
 */
export {
  MAX_SURCHARGE_BPS,
  effectiveSurchargeBps,
  effectiveSurchargeRate,
  isSurcharged,
  lineSurcharge,
  refundSurcharge,
  refundWithSurcharge,
  surchargeFor,
  type GivenBack,
  type RefundAmounts,
} from './surcharge.js';
export {
  cardSurcharge,
  creditCardSurcharge,
  type CardSurcharge,
  type SurchargingPractice,
} from './cardSurcharge.js';
export { REFUND_WINDOW_DAYS, canRefund, isPastRefundWindow, type RefundableState } from './refundWindow.js';
export { prorate, splitEvenly } from './proration.js';
