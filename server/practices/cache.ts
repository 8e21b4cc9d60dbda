/**
 * Practices' rows by id, kept in memory: every widget reads its practice when it starts (the
 * server-rendered first view too). Code that updates a practice's row calls `forget` for it, which
 * tells every server instance through the bus (an administrator's new surcharge rate reaches the next
 * payment page whichever instance serves it). The local copy goes before `forget` returns; another
 * instance's when the notification arrives.
 */
import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { Bus } from '../db/notify.js';
import type { PracticeId } from '../db/scope.js';
import { findPractice, type PracticeRecord } from './store.js';

/** The bus channel on which a practice's changed row reaches every instance. */
export const COMPANY_CHANGED = 'company-changed';
const CompanyChanged = z.object({ companyId: z.number().int() });

export class CompanyCache {
  private rows = new Map<number, Promise<PracticeRecord | null>>();
  constructor(
    private db: Db,
    private bus?: Bus,
  ) {
    bus?.subscribe(COMPANY_CHANGED, (message) => {
      this.rows.delete(CompanyChanged.parse(message).companyId);
    });
  }

  get(practice: PracticeId) {
    let row = this.rows.get(practice);
    if (!row) {
      row = findPractice(this.db, practice);
      this.rows.set(practice, row);
      // A failed read is not remembered.
      row.catch(() => this.rows.delete(practice));
    }
    return row;
  }

  forget(practice: PracticeId) {
    this.rows.delete(practice);
    void this.bus?.publish(COMPANY_CHANGED, { companyId: practice });
  }
}
