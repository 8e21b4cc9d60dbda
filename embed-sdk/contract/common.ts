/** Shapes that many resources share. */
import { z } from 'zod';

/** The largest value of the database's integer columns (PostgreSQL's int4): no id is larger. */
export const MAX_DB_INT = 2_147_483_647;
/** The largest amount anything in Chairside takes or gives back: $999,999.99. */
export const MAX_AMOUNT = 99_999_999;
/** Dates a request may name: wide enough for any birth date or report, narrow enough for any sum. */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2199-12-31';

/** Integer cents: every amount on the wire. */
export const Cents = z.number().int().describe('an amount in integer cents');
/** An amount a request asks to charge, refund or record: at least a cent, at most `MAX_AMOUNT`. */
export const PositiveCents = z
  .number()
  .int('must be whole cents')
  .min(1, 'must be at least 1 cent')
  .max(MAX_AMOUNT, 'must be at most $999,999.99');
/** A record's id in a request: a whole number that a database id can be. */
export const RecordId = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(MAX_DB_INT, `must be at most ${MAX_DB_INT}`);
/** A record's id in a query string (or a body that may send it as text). */
export const Id = z.coerce
  .number()
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(MAX_DB_INT, `must be at most ${MAX_DB_INT}`);
/** A page number of a list. */
export const PageNumber = z.number().int('must be a whole number').min(1).max(100_000);
/** A calendar day (YYYY-MM-DD) in an answer. */
export const CalendarDay = z.iso.date();
/** A calendar day (YYYY-MM-DD) in a request: between `MIN_DATE` and `MAX_DATE`. */
export const IsoDate = z.iso
  .date('must be a date written YYYY-MM-DD')
  .refine((d) => d >= MIN_DATE && d <= MAX_DATE, 'must be a date between 01/01/1900 and 12/31/2199');
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
