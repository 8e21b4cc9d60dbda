/**
 * The procedure codes the demo practices use (ADA CDT), with a typical 2020s US fee in cents and the
 * share a common PPO plan pays: diagnostic and preventive 100 %, basic 80 %, major 50 %.
 */

export type CdtCategory = 'diagnostic' | 'preventive' | 'basic' | 'major';

export interface CdtCode {
  code: string;
  description: string;
  /** The practice's usual fee, cents. */
  fee: number;
  category: CdtCategory;
  /** What the procedure's `tooth` holds: a tooth (number or primary letter), a quadrant, or nothing. */
  site: 'none' | 'tooth' | 'quadrant';
}

const CODES: CdtCode[] = [
  {
    code: 'D0120',
    description: 'Periodic oral evaluation - established patient',
    fee: 6500,
    category: 'diagnostic',
    site: 'none',
  },
  {
    code: 'D0140',
    description: 'Limited oral evaluation - problem focused',
    fee: 8500,
    category: 'diagnostic',
    site: 'none',
  },
  {
    code: 'D0150',
    description: 'Comprehensive oral evaluation - new or established patient',
    fee: 10500,
    category: 'diagnostic',
    site: 'none',
  },
  {
    code: 'D0210',
    description: 'Intraoral - comprehensive series of radiographic images',
    fee: 15000,
    category: 'diagnostic',
    site: 'none',
  },
  {
    code: 'D0220',
    description: 'Intraoral - periapical first radiographic image',
    fee: 3500,
    category: 'diagnostic',
    site: 'tooth',
  },
  {
    code: 'D0272',
    description: 'Bitewings - two radiographic images',
    fee: 5500,
    category: 'diagnostic',
    site: 'none',
  },
  {
    code: 'D0274',
    description: 'Bitewings - four radiographic images',
    fee: 7500,
    category: 'diagnostic',
    site: 'none',
  },
  {
    code: 'D0330',
    description: 'Panoramic radiographic image',
    fee: 12500,
    category: 'diagnostic',
    site: 'none',
  },
  { code: 'D1110', description: 'Prophylaxis - adult', fee: 11000, category: 'preventive', site: 'none' },
  { code: 'D1120', description: 'Prophylaxis - child', fee: 7500, category: 'preventive', site: 'none' },
  {
    code: 'D1206',
    description: 'Topical application of fluoride varnish',
    fee: 4500,
    category: 'preventive',
    site: 'none',
  },
  { code: 'D1351', description: 'Sealant - per tooth', fee: 5500, category: 'preventive', site: 'tooth' },
  {
    code: 'D2140',
    description: 'Amalgam - one surface, primary or permanent',
    fee: 14000,
    category: 'basic',
    site: 'tooth',
  },
  {
    code: 'D2330',
    description: 'Resin-based composite - one surface, anterior',
    fee: 16500,
    category: 'basic',
    site: 'tooth',
  },
  {
    code: 'D2391',
    description: 'Resin-based composite - one surface, posterior',
    fee: 18500,
    category: 'basic',
    site: 'tooth',
  },
  {
    code: 'D2392',
    description: 'Resin-based composite - two surfaces, posterior',
    fee: 23500,
    category: 'basic',
    site: 'tooth',
  },
  {
    code: 'D2393',
    description: 'Resin-based composite - three surfaces, posterior',
    fee: 28500,
    category: 'basic',
    site: 'tooth',
  },
  { code: 'D2740', description: 'Crown - porcelain/ceramic', fee: 125000, category: 'major', site: 'tooth' },
  {
    code: 'D2750',
    description: 'Crown - porcelain fused to high noble metal',
    fee: 119500,
    category: 'major',
    site: 'tooth',
  },
  {
    code: 'D2950',
    description: 'Core buildup, including any pins when required',
    fee: 28500,
    category: 'major',
    site: 'tooth',
  },
  {
    code: 'D3310',
    description: 'Endodontic therapy, anterior tooth (excluding final restoration)',
    fee: 85000,
    category: 'major',
    site: 'tooth',
  },
  {
    code: 'D3330',
    description: 'Endodontic therapy, molar tooth (excluding final restoration)',
    fee: 115000,
    category: 'major',
    site: 'tooth',
  },
  {
    code: 'D4341',
    description: 'Periodontal scaling and root planing - four or more teeth per quadrant',
    fee: 26000,
    category: 'basic',
    site: 'quadrant',
  },
  { code: 'D4910', description: 'Periodontal maintenance', fee: 16500, category: 'basic', site: 'none' },
  {
    code: 'D6010',
    description: 'Surgical placement of implant body: endosteal implant',
    fee: 210000,
    category: 'major',
    site: 'tooth',
  },
  {
    code: 'D6058',
    description: 'Abutment supported porcelain/ceramic crown',
    fee: 145000,
    category: 'major',
    site: 'tooth',
  },
  {
    code: 'D7140',
    description: 'Extraction, erupted tooth or exposed root',
    fee: 19500,
    category: 'basic',
    site: 'tooth',
  },
  {
    code: 'D7210',
    description: 'Extraction, erupted tooth requiring removal of bone and/or sectioning of tooth',
    fee: 32500,
    category: 'basic',
    site: 'tooth',
  },
  {
    code: 'D9110',
    description: 'Palliative treatment of dental pain - per visit',
    fee: 9500,
    category: 'basic',
    site: 'none',
  },
  {
    code: 'D9944',
    description: 'Occlusal guard - hard appliance, full arch',
    fee: 55000,
    category: 'major',
    site: 'none',
  },
];

export const CDT = new Map(CODES.map((c) => [c.code, c]));

export function cdt(code: string): CdtCode {
  const found = CDT.get(code);
  if (!found) throw new Error(`The seed has no CDT code ${code}.`);
  return found;
}

/** The share of the allowed fee a typical PPO plan pays, in percent. */
export const COVERAGE_PERCENT: Record<CdtCategory, number> = {
  diagnostic: 100,
  preventive: 100,
  basic: 80,
  major: 50,
};

/** The in-network discount a PPO contract writes off the practice's fee, in percent. */
export const PPO_WRITE_OFF_PERCENT = 15;
