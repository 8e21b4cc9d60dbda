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
/**
 * The rules a request's schema carries beyond its type, by schema, so that the attack tests can
 * derive requests that break each one (tests/support/contractArbitraries.ts `ruleBreakers`).
 */
export type ContractRule =
  /** A whole number written in decimal digits when it comes as text. */
  | { rule: 'decimalDigits' }
  /** An array whose items name a thing once each. */
  | { rule: 'eachOnce' };
const rules = z.registry<ContractRule>();

/** The rule a schema carries (see `ContractRule`), if any. */
export function ruleOf(schema: z.ZodType): ContractRule | undefined {
  return rules.get(schema);
}

/**
 * A whole number from a query string (or a body that may send it as text): decimal digits only.
 * `z.coerce.number()` read '0x10' as 16, '1e3' as 1000, '0b11' as 3 and ' 7 ' as 7; such a text is
 * refused, naming the field. A number (a JSON body's) is taken as it is.
 */
export function wholeNumber(min: number, max: number) {
  const schema = z.preprocess(
    (v) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'must be a whole number written in decimal digits' })
      .int('must be a whole number')
      .min(min, `must be ${min} or more`)
      .max(max, `must be at most ${max}`),
  );
  rules.add(schema, { rule: 'decimalDigits' });
  return schema;
}

/** A record's id in a query string (or a body that may send it as text). */
export const Id = wholeNumber(1, MAX_DB_INT);

/**
 * An array of a request whose items each name a thing once (a record, a person's plan): a repeated
 * one is refused, naming its place (`body.billingMemberships.2`, or with `field` the item's field
 * that repeats, `body.enrollees.1.membershipPlanId`), rather than applied twice.
 */
export function eachOnce<T extends z.ZodArray>(
  array: T,
  rule: { keyOf: (item: z.output<T['element']>) => string | number; message: string; field?: string },
): T {
  const schema = array.superRefine((items, ctx) => {
    const seen = new Set<string | number>();
    for (const [i, item] of (items as z.output<T['element']>[]).entries()) {
      const key = rule.keyOf(item);
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: rule.field ? [i, rule.field] : [i], message: rule.message });
      }
      seen.add(key);
    }
  });
  rules.add(schema, { rule: 'eachOnce' });
  return schema;
}

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
