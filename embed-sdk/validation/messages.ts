/**
 * The spec's validation messages (part 1, section 5), verbatim: the double space and "seperate" in
 * the e-mail message are the product's text. `field` is the field's display name.
 */
export const validationMessages = {
  money: (field: string) => `The ${field} is not a currency value.`,
  phoneNumber: (field: string) => `The ${field} is not a valid phone number.`,
  email: (field: string) =>
    `The ${field} is not a valid e-mail address.  For multiple e-mail addresses seperate by comma.`,
  greaterThanZero: (field: string) => `${field} needs to be greater than zero.`,
} as const;

export interface RuleOptions {
  /** An empty field passes (the rule applies "if given"); wrap it in `z.optional()` for undefined too. */
  optional?: boolean;
}
