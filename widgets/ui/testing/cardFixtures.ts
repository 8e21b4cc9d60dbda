/** Cards and patients for the stored cards' tests. */
import type { CompanyFixture } from './fakeSdk.js';
import type { Customer } from '../../../embed-sdk/contract/patient.js';
import type { SavedCard } from '../../../embed-sdk/contract/savedCard.js';

const LAST_DIGITS: Record<SavedCard['cardType'], string> = {
  VISA: '1111',
  MASTERCARD: '4444',
  AMERICAN_EXPRESS: '0005',
  DISCOVER: '1117',
  DINERS_CLUB: '0004',
  JCB: '0505',
};

export function card(over: Partial<SavedCard> & Pick<SavedCard, 'id' | 'cardType'>): SavedCard {
  return {
    description: `•••• ${LAST_DIGITS[over.cardType]}`,
    expMonth: 12,
    expYear: 2030,
    isDefault: false,
    funding: 'CREDIT',
    ...over,
  };
}

export const MARIA: Customer = {
  key: 1001,
  id: 11,
  customerId: 11,
  firstName: 'Maria',
  lastName: 'Garcia',
  email: 'maria.garcia@example.com',
  cell: '5125550142',
  zip: '78704',
  clinicNum: 1,
  guarantorId: 1001,
  clinicDescription: 'Headquarters',
  routerName: 'CustomerIndex',
  hasAvatar: false,
};

/** A patient with no e-mail and no phone. */
export const SOFIA: Customer = {
  ...MARIA,
  key: 1002,
  id: 12,
  customerId: 12,
  firstName: 'Sofia',
  email: '',
  cell: '',
};

/** Practice 1 of the demo data, as /api/company/current answers for it. */
export const BRIGHT_SMILES: CompanyFixture = {
  id: 1,
  name: 'Bright Smiles Dental',
  gatewayCode: 'OPENDENTAL',
  hasSurcharging: true,
  allowAddPatient: true,
  noSchedule: false,
  doesAllocateProcedures: true,
  businessId: 'biz_brightsmiles',
  appId: 'app_brightsmiles',
};
