import { describe, expect, it } from 'vitest';
import type { Procedure } from '../../../embed-sdk/contract/allocation.js';
import { visibleProcedures, type ProcedureFilter } from './filtering.js';
import { groupProcedures, subtotals, treatmentPlanRows, treatmentPlanStatusText } from './grouping.js';
import { aPlannedProcedure, aProcedure, aTreatmentPlan } from './testing.js';

const ADA = 7;
const BEN = { patientKey: 8, firstName: 'Ben', lastName: 'Lovelace' };
const ZOE = { patientKey: 9, firstName: 'Zoe', lastName: 'Abbott' };

const ACTIVE = aTreatmentPlan({
  treatPlanNum: 11,
  tpHeading: 'Upper right',
  dateTP: '2026-02-01',
  tpStatus: 1,
  note: 'Before summer',
});
const INACTIVE = aTreatmentPlan({
  treatPlanNum: 12,
  tpHeading: 'Whitening',
  dateTP: '2025-11-01',
  tpStatus: 2,
});
const ODD = aTreatmentPlan({ treatPlanNum: 13, tpHeading: 'Imported', dateTP: '2025-10-01', tpStatus: 7 });

const crown = aProcedure({
  procedureId: 1,
  date: '2026-01-10',
  estDue: 5_000,
  procCode: 'D2740',
  procedureDescription: 'Crown - porcelain/ceramic',
  tooth: '3',
});
const paidCleaning = aProcedure({
  procedureId: 2,
  date: '2026-03-10',
  estDue: 0,
  originalAmount: 9_500,
  customerOutOfPocketPaidToDate: 9_500,
  procCode: 'D1110',
  procedureDescription: 'Prophylaxis - adult',
});
const bitewings = aProcedure({
  procedureId: 3,
  date: '2026-02-10',
  estDue: 2_000,
  procCode: 'D0274',
  procedureDescription: 'Bitewings - four films',
  provider: 'HYG2',
});
const exam = aProcedure({
  procedureId: 4,
  date: '2026-02-10',
  estDue: 0,
  originalAmount: 5_000,
  insurance: 5_000,
});
const buildup = aPlannedProcedure(ACTIVE, {
  procedureId: 5,
  estDue: 12_000,
  procCode: 'D2950',
  procedureDescription: 'Core buildup',
  tooth: '14',
});
const whitening = aPlannedProcedure(INACTIVE, {
  procedureId: 6,
  estDue: 8_000,
  procCode: 'D9972',
  procedureDescription: 'External bleaching',
});
const benFilling = aProcedure({
  procedureId: 7,
  ...BEN,
  date: '2026-03-01',
  estDue: 3_000,
  procCode: 'D2391',
  procedureDescription: 'Resin composite - one surface',
});
const benSealant = aProcedure({
  procedureId: 8,
  ...BEN,
  date: '2025-12-01',
  estDue: 1_000,
  procCode: 'D1351',
  procedureDescription: 'Sealant',
});
const zoeExam = aProcedure({ procedureId: 9, ...ZOE, date: '2026-01-05', estDue: 4_000 });
const imported = aPlannedProcedure(ODD, { procedureId: 10, estDue: 700 });

const FAMILY: Procedure[] = [
  crown,
  paidCleaning,
  bitewings,
  exam,
  buildup,
  whitening,
  benFilling,
  benSealant,
  zoeExam,
];

const FILTER: ProcedureFilter = {
  search: '',
  dateFilter: 'All Dates',
  list: 'All',
  selectedTreatmentPlans: new Set(),
  showFamily: false,
};
const ids = (procedures: readonly Procedure[]) => procedures.map((p) => p.procedureId);
const shown = (filter: Partial<ProcedureFilter>) =>
  ids(visibleProcedures(FAMILY, { ...FILTER, ...filter }, ADA));

describe('the lines shown', () => {
  it.each([
    ['everything of the patient', {}, [1, 2, 3, 4, 5, 6]],
    ['the family too', { showFamily: true }, [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    ['completed procedures', { list: 'Completed' }, [1, 2, 3, 4]],
    ['treatment-planned procedures', { list: 'Treatment Plans' }, [5, 6]],
    ['the plans chosen', { list: 'Treatment Plans', selectedTreatmentPlans: new Set([12]) }, [6]],
    ['completed work and the plans chosen', { selectedTreatmentPlans: new Set([12]) }, [1, 2, 3, 4, 6]],
    [
      'the plans chosen, remembered under Completed',
      { list: 'Completed', selectedTreatmentPlans: new Set([12]) },
      [1, 2, 3, 4],
    ],
    // Latest: the most recent day with something due (the 03/10 cleaning is paid), the whole visit.
    ['Latest', { dateFilter: 'Latest' }, [3, 4]],
    ['Latest of the completed work', { dateFilter: 'Latest', list: 'Completed' }, [3, 4]],
    ['Latest of the plans', { dateFilter: 'Latest', list: 'Treatment Plans' }, [5]],
    // With the family, each patient's own latest visit with something due.
    ['Latest of each of the family', { dateFilter: 'Latest', showFamily: true }, [3, 4, 7, 9]],
    // The search: code, description, tooth, provider, patient name; every word, in any field, any case.
    ['a code', { search: 'd2740' }, [1]],
    ['a description', { search: 'Bitewings' }, [3]],
    ['a tooth and a word', { search: '14 core' }, [5]],
    ['a provider', { search: 'hyg2' }, [3]],
    ['a patient of the family', { search: 'ben', showFamily: true }, [7, 8]],
    ['a name and a description', { search: 'ben  sealant ', showFamily: true }, [8]],
    ['a word does not run across fields', { search: 'ceramic3' }, []],
    ['words that no line has together', { search: 'crown sealant', showFamily: true }, []],
    // The search narrows the latest day; it does not move to another day.
    ['a search within Latest', { search: 'crown', dateFilter: 'Latest' }, []],
  ] as const)('%s', (_what, filter, expected) => {
    expect(shown(filter)).toEqual(expected);
  });

  it('Latest is each patient’s own day: a relative’s procedure on the patient’s latest day is not shown', () => {
    const benCheckup = aProcedure({ procedureId: 11, ...BEN, date: '2026-02-10', estDue: 500 });
    const family = [bitewings, benFilling, benCheckup];
    expect(
      ids(visibleProcedures(family, { ...FILTER, dateFilter: 'Latest', showFamily: true }, ADA)),
    ).toEqual([3, 7]);
  });

  it('a patient with nothing due has no latest day', () => {
    expect(ids(visibleProcedures([paidCleaning, exam], { ...FILTER, dateFilter: 'Latest' }, ADA))).toEqual(
      [],
    );
  });
});

describe('groups', () => {
  it('by date: newest day first, a day’s procedures in the order they were entered', () => {
    const groups = groupProcedures([crown, exam, bitewings, paidCleaning], 'date');
    expect(groups.map((g) => [g.key, g.heading, g.date, ids(g.procedures)])).toEqual([
      ['date:2026-03-10', '03/10/2026', '2026-03-10', [2]],
      ['date:2026-02-10', '02/10/2026', '2026-02-10', [3, 4]],
      ['date:2026-01-10', '01/10/2026', '2026-01-10', [1]],
    ]);
  });

  it('by treatment plan: work on no plan first, then the plans as listed, with their day, note and status', () => {
    const groups = groupProcedures([whitening, crown, buildup, imported, bitewings], 'treatmentPlan', {
      treatmentPlans: [ACTIVE, INACTIVE],
    });
    expect(groups.map((g) => [g.key, g.heading, g.date, g.note, g.status, ids(g.procedures)])).toEqual([
      ['plan:none', 'Not on a Treatment Plan', null, null, null, [3, 1]],
      ['plan:11', 'Upper right', '2026-02-01', 'Before summer', 'Active', [5]],
      ['plan:12', 'Whitening', '2025-11-01', '', 'Inactive', [6]],
      // A plan the list does not hold: named from its procedures, its status 7 shown as it is.
      ['plan:13', 'Imported', '2025-10-01', null, '7', [10]],
    ]);
  });

  it('by patient: the modal’s patient first, then the family by name', () => {
    const groups = groupProcedures([benFilling, zoeExam, crown, benSealant], 'patient', { patientKey: ADA });
    expect(groups.map((g) => [g.heading, ids(g.procedures)])).toEqual([
      ['Ada Lovelace', [1]],
      ['Zoe Abbott', [9]],
      ['Ben Lovelace', [7, 8]],
    ]);
  });

  it('add up their money columns and what is allocated to them', () => {
    const lines = new Map([
      [3, { amountToPay: 1_500, estDue: 2_000, pendingAmount: null }],
      [99, { amountToPay: 700, estDue: 700, pendingAmount: null }],
    ]);
    const withAll = {
      ...bitewings,
      originalAmount: 10_000,
      customerOutOfPocketPaidToDate: 1_000,
      paymentPlanPending: 500,
      insurance: 6_000,
      procAdjustment: 500,
    };
    expect(subtotals([withAll, exam], lines)).toEqual({
      fee: 15_000,
      paid: 1_000,
      paymentPlan: 500,
      insurance: 11_000,
      adjustment: 500,
      estDue: 2_000,
      allocation: 1_500,
    });
  });
});

describe('the treatment plan list', () => {
  it.each([
    [0, 'Saved'],
    [1, 'Active'],
    [2, 'Inactive'],
    [3, '3'],
    [-1, '-1'],
  ])('status %i reads %j', (status, text) => {
    expect(treatmentPlanStatusText(status)).toBe(text);
  });

  it('holds each plan’s heading, date, note, status and whether it is chosen', () => {
    expect(treatmentPlanRows([ACTIVE, ODD], new Set([13]))).toEqual([
      {
        treatPlanNum: 11,
        heading: 'Upper right',
        date: '2026-02-01',
        note: 'Before summer',
        status: 'Active',
        isSelected: false,
      },
      { treatPlanNum: 13, heading: 'Imported', date: '2025-10-01', note: '', status: '7', isSelected: true },
    ]);
  });
});
