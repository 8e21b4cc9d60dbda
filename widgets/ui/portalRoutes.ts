/**
 * The portal's routes that widgets link to (spec part 2, "Routes linked from this area"). In the
 * portal they are its own hash routes (`base` ''); on a host page they lead to the portal at the
 * SDK's origin, which serves it. One place, so that every widget's patient link leads to the same
 * patient page.
 */

/** The patient page: /customer/{customerId}, with the patient's key when it is known. */
export function patientRoute(customerId: number, customerKey: number | null): string {
  return customerKey === null ? `/customer/${customerId}` : `/customer/${customerId}?key=${customerKey}`;
}

/** A route's address under `base` ('' in the portal itself, the portal's address elsewhere). */
export function portalHref(base: string, route: string): string {
  return `${base}#${route}`;
}

/** Where a patient link leads; the portal's by default. */
export type PatientLink = (customerId: number, customerKey: number | null) => string;

export const portalPatientLink =
  (base: string): PatientLink =>
  (id, key) =>
    portalHref(base, patientRoute(id, key));
