/**
 * Practices' rows by id, kept in memory: every widget reads its practice when it starts (the
 * server-rendered first view too), and a practice's settings change only when it is seeded. Code
 * that ever updates a practice's row calls `forget` for it.
 */
import type { Db } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { findPractice, type PracticeRecord } from './store.js';

export class CompanyCache {
  private rows = new Map<number, Promise<PracticeRecord | null>>();
  constructor(private db: Db) {}

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
  }
}
