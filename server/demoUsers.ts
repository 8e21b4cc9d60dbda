/** The demo sign-ins that `npm start` and `npm run cluster` print (the seed creates them; README lists them). */
export const DEMO_USERS: readonly (readonly [email: string, who: string])[] = [
  ['admin@chairside.test', 'administrator: every role, all three practices'],
  ['frontdesk@chairside.test', 'front desk at Bright Smiles Dental (Open Dental)'],
  ['viewer@chairside.test', 'view-only at two practices; has not accepted the terms yet'],
];
