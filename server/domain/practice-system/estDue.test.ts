import { describe, expect, it } from 'vitest';
import { procedureDue, type ProcedureMoney } from './estDue.js';

const crown: ProcedureMoney = {
  fee: 120_000,
  insuranceEst: 0,
  paidFromInsurance: 0,
  waitingFromInsurance: 0,
  writeOff: 0,
  adjustment: 0,
  paymentPlanPending: 0,
};

describe('procedureDue (Est. Due)', () => {
  it.each<[string, Partial<ProcedureMoney>, number, number, number]>([
    ['the fee, when nothing else applies', {}, 0, 0, 120_000],
    ['less what the patient paid', {}, 20_000, 0, 100_000],
    ['less a pending payment-plan amount', { paymentPlanPending: 30_000 }, 0, 0, 90_000],
    ['less the insurance estimate while no claim covers it', { insuranceEst: 50_000 }, 0, 50_000, 70_000],
    [
      'less what insurance paid and what it still waits for',
      { insuranceEst: 50_000, paidFromInsurance: 30_000, waitingFromInsurance: 20_000 },
      0,
      50_000,
      70_000,
    ],
    [
      'less what insurance paid beyond its estimate',
      { insuranceEst: 50_000, paidFromInsurance: 60_000 },
      0,
      60_000,
      60_000,
    ],
    [
      'less the estimate when the claim paid less so far',
      { insuranceEst: 50_000, paidFromInsurance: 10_000 },
      0,
      50_000,
      70_000,
    ],
    ['less the write-off', { writeOff: 18_000 }, 0, 0, 102_000],
    ['less a courtesy discount (a negative adjustment)', { adjustment: -1_950 }, 0, 0, 118_050],
    ['plus a positive adjustment', { adjustment: 500 }, 0, 0, 120_500],
    ['never below 0 when overpaid', {}, 130_000, 0, 0],
    [
      'never below 0 when insurance and write-off pass the fee',
      { writeOff: 60_000, insuranceEst: 70_000 },
      0,
      70_000,
      0,
    ],
    ['back up after a refund of a payment (negative splits)', {}, 120_000 - 40_000, 0, 40_000],
  ])('%s', (_, money, paid, insurance, estDue) => {
    expect(procedureDue({ ...crown, ...money }, paid)).toEqual({ insurance, patientPaid: paid, estDue });
  });

  it('takes every part at once', () => {
    const money = {
      fee: 100_000,
      insuranceEst: 40_000,
      paidFromInsurance: 25_000,
      waitingFromInsurance: 15_000,
      writeOff: 15_000,
      adjustment: -5_000,
      paymentPlanPending: 10_000,
    };
    // 100,000 − 15,000 − 40,000 − 5,000 − 12,000 − 10,000
    expect(procedureDue(money, 12_000).estDue).toBe(18_000);
  });
});
