/** Shapes that many resources share. */
import { z } from 'zod';

/** Integer cents: every amount on the wire. */
export const Cents = z.number().int().describe('an amount in integer cents');
export const PositiveCents = Cents.min(1, 'must be at least 1 cent');
export const Id = z.coerce.number().int().positive();
export const IsoDate = z.iso.date();
export const IsoDateTime = z.iso.datetime({ offset: true });

export const GatewayCode = z.enum(['DENTRIX', 'OPENDENTAL', 'DENTRIXNH', 'EAGLESOFT']);
export type GatewayCode = z.infer<typeof GatewayCode>;

export const Role = z.enum([
  'VIEWDASHBOARD',
  'VIEWPAYMENTREQUESTS',
  'EDITPAYMENTREQUESTS',
  'VIEWPAYMENTPLANS',
  'EDITPAYMENTPLANS',
  'VIEWMEMBERSHIPS',
  'EDITMEMBERSHIPS',
  'MANAGEMEMBERSHIPS',
  'VIEWINSURANCEREIMBURSEMENT',
  'PROCESSINSURANCEREIMBURSEMENT',
  'VIEWINSURANCEPAYMENTS',
  'MANAGESETTINGS',
  'PROCESSREFUND',
  'PROCESSVOID',
]);
export type Role = z.infer<typeof Role>;
export const ALL_ROLES = Role.options;

export const CardType = z.enum(['VISA', 'AMERICAN_EXPRESS', 'DINERS_CLUB', 'JCB', 'MASTERCARD', 'DISCOVER']);
export type CardType = z.infer<typeof CardType>;

export const FundingSource = z.enum(['CARD', 'CASH', 'CHECK']);
export type FundingSource = z.infer<typeof FundingSource>;

export const TransactionSource = z.enum([
  'PAYMENTPLAN',
  'INSURANCE',
  'MEMBERSHIP',
  'VIRTUALTERMINAL',
  'TERMINAL',
  'PAYMENTPAGE',
  'TEXTTOPAY',
]);
export type TransactionSource = z.infer<typeof TransactionSource>;

/** A boolean in a query string ("true"/"false"/"1"/"0"). */
export const QueryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
