/**
 * What the add-patient form starts with, read from the search term (spec: letters only become the
 * first name; two words become first and last name; an e-mail pattern becomes the e-mail; a
 * 10-digit, dashed or dotted phone pattern becomes the cell).
 */

export interface PatientPrefill {
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
}

const NAME = "[A-Za-zÀ-ÖØ-öø-ÿ]+(?:['’-][A-Za-zÀ-ÖØ-öø-ÿ]+)*";
const ONE_NAME = new RegExp(`^${NAME}$`);
const TWO_NAMES = new RegExp(`^(${NAME})\\s+(${NAME})$`);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^(\d{10}|\d{3}-\d{3}-\d{4}|\d{3}\.\d{3}\.\d{4})$/;

const capitalise = (word: string) => word.charAt(0).toLocaleUpperCase() + word.slice(1);

export function prefillFromTerm(raw: string): PatientPrefill {
  const term = raw.trim();
  const empty: PatientPrefill = { firstName: '', lastName: '', email: '', cell: '' };
  if (ONE_NAME.test(term)) return { ...empty, firstName: capitalise(term) };
  const two = TWO_NAMES.exec(term);
  if (two) return { ...empty, firstName: capitalise(two[1]!), lastName: capitalise(two[2]!) };
  if (EMAIL.test(term)) return { ...empty, email: term.toLowerCase() };
  if (PHONE.test(term)) return { ...empty, cell: term.replace(/\D/g, '') };
  return empty;
}
