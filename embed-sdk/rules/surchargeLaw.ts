/**
 * The US states' law on surcharging a credit-card payment, as data: one row per state, the District
 * of Columbia and Puerto Rico, each with its source (the statute, or the court decision that ended
 * the statute's ban) in a comment. surcharge.ts applies it, with the card networks' 3 % cap, wherever
 * a surcharge is computed.
 *
 * - ALLOWED: no state law limits the rate (the card networks' cap applies).
 * - CAPPED: the state caps the rate (`capBps`).
 * - COST: the state caps the surcharge at what accepting the card costs the practice. Chairside does
 *   not know that cost, so the rate the practice sets must not exceed it (Settings says so); the
 *   networks' cap applies on top.
 * - FORBIDDEN: no surcharge may be added.
 *
 * Where a ban is still in the statute book and no court has held it unenforceable, the row says
 * FORBIDDEN: charging nothing is lawful everywhere, a surcharge where it is banned is not. Debit and
 * prepaid cards are never surcharged anywhere (surcharge.ts), whatever the row says.
 */

export type SurchargeLaw =
  { kind: 'ALLOWED' } | { kind: 'CAPPED'; capBps: number } | { kind: 'COST' } | { kind: 'FORBIDDEN' };

export interface StateSurchargeLaw {
  /** The state's name as people read it. */
  name: string;
  law: SurchargeLaw;
}

const allowed = { kind: 'ALLOWED' } as const;
const forbidden = { kind: 'FORBIDDEN' } as const;
const cost = { kind: 'COST' } as const;
const capped = (capBps: number) => ({ kind: 'CAPPED', capBps }) as const;

/** Every state, DC and Puerto Rico, by its two-letter postal code. */
export const SURCHARGE_LAW = {
  AL: { name: 'Alabama', law: allowed }, // no state statute on card surcharges
  AK: { name: 'Alaska', law: allowed }, // no state statute on card surcharges
  AZ: { name: 'Arizona', law: allowed }, // no state statute on card surcharges
  AR: { name: 'Arkansas', law: allowed }, // no state statute on card surcharges
  // Cal. Civ. Code § 1748.1 (ban) held unconstitutional: Italian Colors Restaurant v. Becerra,
  // 878 F.3d 1165 (9th Cir. 2018). The surcharge must be disclosed before payment (Cal. Civ. Code
  // § 1770(a)(29), from 1 July 2024), which the payment page does.
  CA: { name: 'California', law: allowed },
  // Colo. Rev. Stat. § 5-2-212 (as amended in 2021): at most 2 % of the payment, or the merchant
  // discount fee. Chairside does not know the fee, so it applies the 2 %.
  CO: { name: 'Colorado', law: capped(200) },
  CT: { name: 'Connecticut', law: forbidden }, // Conn. Gen. Stat. § 42-133ff(a): "No person may impose a surcharge"
  DE: { name: 'Delaware', law: allowed }, // no state statute on card surcharges
  DC: { name: 'District of Columbia', law: allowed }, // no District statute on card surcharges
  // Fla. Stat. § 501.0117 (ban) held unconstitutional: Dana's Railroad Supply v. Attorney General,
  // 807 F.3d 1235 (11th Cir. 2015).
  FL: { name: 'Florida', law: allowed },
  GA: { name: 'Georgia', law: allowed }, // no state statute on card surcharges
  HI: { name: 'Hawaii', law: allowed }, // no state statute on card surcharges
  ID: { name: 'Idaho', law: allowed }, // no state statute on card surcharges
  IL: { name: 'Illinois', law: allowed }, // no state statute on card surcharges
  IN: { name: 'Indiana', law: allowed }, // no state statute on card surcharges
  IA: { name: 'Iowa', law: allowed }, // no state statute on card surcharges
  // Kan. Stat. § 16a-2-403: its ban on card surcharges was repealed in 2018.
  KS: { name: 'Kansas', law: allowed },
  KY: { name: 'Kentucky', law: allowed }, // no state statute on card surcharges
  LA: { name: 'Louisiana', law: allowed }, // no state statute on card surcharges
  // Me. Rev. Stat. tit. 9-A § 8-509(1): "A seller ... may not impose a surcharge on a cardholder who
  // elects to use a credit card or debit card". The cap at the cost of acceptance, § 8-509(2),
  // applies to governmental entities only, not to a dental practice.
  ME: { name: 'Maine', law: forbidden },
  MD: { name: 'Maryland', law: allowed }, // no state statute on card surcharges
  MA: { name: 'Massachusetts', law: forbidden }, // Mass. Gen. Laws ch. 140D § 28A
  MI: { name: 'Michigan', law: allowed }, // no state statute on card surcharges
  MN: { name: 'Minnesota', law: capped(500) }, // Minn. Stat. § 325G.051: at most 5 %
  MS: { name: 'Mississippi', law: allowed }, // no state statute on card surcharges
  MO: { name: 'Missouri', law: allowed }, // no state statute on card surcharges
  MT: { name: 'Montana', law: allowed }, // no state statute on card surcharges
  NE: { name: 'Nebraska', law: allowed }, // no state statute on card surcharges
  NV: { name: 'Nevada', law: allowed }, // no state statute on card surcharges
  NH: { name: 'New Hampshire', law: allowed }, // no state statute on card surcharges
  // N.J. Stat. § 56:8-156.2 (P.L.2023, c.146): not more than the seller's actual cost to process it.
  NJ: { name: 'New Jersey', law: cost },
  NM: { name: 'New Mexico', law: allowed }, // no state statute on card surcharges
  // N.Y. Gen. Bus. Law § 518 (as amended, in force 11 February 2024): not more than the card
  // company charges the business; Expressions Hair Design v. Schneiderman, 581 U.S. 37 (2017).
  NY: { name: 'New York', law: cost },
  NC: { name: 'North Carolina', law: allowed }, // no state statute on card surcharges
  ND: { name: 'North Dakota', law: allowed }, // no state statute on card surcharges
  OH: { name: 'Ohio', law: allowed }, // no state statute on card surcharges
  // Okla. Stat. tit. 14A §§ 2-211 and 2-417 ban it. The Attorney General's opinion (2019) doubts
  // the ban is constitutional, but no court has set it aside and the statute stands.
  OK: { name: 'Oklahoma', law: forbidden },
  OR: { name: 'Oregon', law: allowed }, // no state statute on card surcharges
  PA: { name: 'Pennsylvania', law: allowed }, // no state statute on card surcharges
  // P.R. Laws tit. 10 § 11 (Ley 150-2008): "Ningún comerciante podrá imponer un cargo adicional o
  // 'surcharge'" on a credit or debit card.
  PR: { name: 'Puerto Rico', law: forbidden },
  RI: { name: 'Rhode Island', law: allowed }, // no state statute on card surcharges
  SC: { name: 'South Carolina', law: allowed }, // no state statute on card surcharges
  SD: { name: 'South Dakota', law: allowed }, // no state statute on card surcharges
  TN: { name: 'Tennessee', law: allowed }, // no state statute on card surcharges
  // Tex. Bus. & Com. Code § 604A.0021 (ban) held unconstitutional as applied, its enforcement against
  // the merchants who sued enjoined: Rowell v. Paxton, 336 F. Supp. 3d 724 (W.D. Tex. 2018); the card
  // networks do not list Texas among the states that ban it. Debit cards stay banned (§ 604A.002).
  TX: { name: 'Texas', law: allowed },
  UT: { name: 'Utah', law: allowed }, // no state statute on card surcharges
  VT: { name: 'Vermont', law: allowed }, // no state statute on card surcharges
  VA: { name: 'Virginia', law: allowed }, // no state statute on card surcharges
  WA: { name: 'Washington', law: allowed }, // no state statute on card surcharges
  WV: { name: 'West Virginia', law: allowed }, // no state statute on card surcharges
  WI: { name: 'Wisconsin', law: allowed }, // no state statute on card surcharges
  WY: { name: 'Wyoming', law: allowed }, // no state statute on card surcharges
} as const satisfies Record<string, StateSurchargeLaw>;

export type UsState = keyof typeof SURCHARGE_LAW;

/** The codes in the order of their names, for a list to choose from. */
export const US_STATES = (Object.keys(SURCHARGE_LAW) as UsState[]).sort((a, b) =>
  SURCHARGE_LAW[a].name.localeCompare(SURCHARGE_LAW[b].name),
);

export function isUsState(code: string): code is UsState {
  return Object.hasOwn(SURCHARGE_LAW, code);
}

/**
 * The law where the practice is. A practice whose state is not set yet (null) has only the card
 * networks' cap: Settings asks for the state.
 */
export function surchargeLawOf(state: string | null): SurchargeLaw {
  return state !== null && isUsState(state) ? SURCHARGE_LAW[state].law : allowed;
}
