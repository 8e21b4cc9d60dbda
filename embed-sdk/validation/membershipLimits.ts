/**
 * The limits and messages of a membership plan and an enrolment, written once: the contract's zod
 * schemas (embed-sdk/contract/membership.ts) check them on the server, and the portal's plan form
 * and New Membership check them in the browser, which gets no contract schemas
 * (scripts/vite-plugins.ts). Plain values, no zod, so both import them and they cannot drift.
 */

/** A plan of the catalogue (MembershipPlanInput, PlanImage). */
export const PLAN_RULES = {
  labelMax: 100,
  descriptionMax: 2000,
  benefitMax: 200,
  benefitsMax: 30,
  discountPlanMax: 200,
  /** The data URL's length: about 200 kB of image. */
  imageMax: 300_000,
  labelRequired: 'The label is required.',
  benefitEmpty: 'A benefit cannot be empty.',
  priceRequired: 'Give a monthly price, a yearly price or both.',
  priceTooLarge: 'must be at most $999,999.99',
  imageTooLarge: 'The image must be at most 200 kB.',
  imageType: 'The image must be a PNG, JPEG, WebP or GIF.',
} as const;

/** A plan image's data URL: PNG, JPEG, WebP or GIF, base64. */
export const PLAN_IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+=*$/;

/** An enrolment (`enroll`, `Enrollee`). */
export const ENROLL_RULES = {
  enrolleesMax: 20,
  qtyMax: 20,
  choosePlan: 'Choose at least one plan.',
  addACard: 'Add a Card',
  approvalMethod: 'Choose how the patient approves.',
  signature: 'The signature is required.',
  approved: 'The patient must approve the membership.',
  planTwice: 'This plan is chosen twice for the same person: choose it once and set its quantity.',
  notOfFamily:
    'This patient is not in the family of the patient who pays (they have another guarantor): a membership enrolls one family.',
} as const;
